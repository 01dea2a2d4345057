# Mutations of the tethers (sim/modules/tethers.h).
SHADERS = ["relax_tethers.comp"]
MUTATIONS = [
    ("relax_tethers.comp", "x = attach(x, tether.pin1, tether.max_length1);", ";",
     "second tether ignored"),
    ("relax_tethers.comp", "return anchor + d * (max_length / len);",
     "return anchor + d * (1.1 * max_length / len);", "pulled back short of the tether"),
    ("relax_tethers.comp", "if (len <= max_length) return x;", "if (len >= max_length) return x;",
     "tether pushes instead of pulls"),
    ("relax_tethers.comp",
     "if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;", ";",
     "Euler velocity not corrected by the tether"),
]
