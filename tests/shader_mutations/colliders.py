# Mutations of the colliders (sim/modules/colliders.h).
SHADERS = ["collide.comp"]
MUTATIONS = [
    ("collide.comp", "    x.y = params.ground.x;\n", "    ;\n", "ground projection dropped"),
    ("collide.comp", "x = sphere.xyz + normal * sphere.w;",
     "x = sphere.xyz + normal * (0.9 * sphere.w);", "sphere projection falls short"),
    ("collide.comp", "x -= params.contact_friction * tangential;", ";", "contact friction dropped"),
    ("collide.comp",
     "if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;", ";",
     "Euler velocity not corrected by the contact"),
]
