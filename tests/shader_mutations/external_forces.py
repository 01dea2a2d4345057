# Mutations of one-shot external forces (sim/modules/external_forces.h).
SHADERS = ["apply_external_forces.comp"]
MUTATIONS = [
    ("apply_external_forces.comp", "forces[e.particle].xyz += e.force.xyz;",
     "forces[e.particle].xyz = e.force.xyz;", "external force replaces instead of adds"),
]
