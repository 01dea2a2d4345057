#!/usr/bin/env python3
"""Breaks each compute shader on purpose, one mutation at a time, and checks that the GPU tests
notice. A mutation is a small, plausible bug: a dropped term, a flipped sign, a wrong neighbour,
a missing division. For each one the shaders are recompiled into a scratch folder and the given
test programs run against it through WEFT_SHADER_DIR (no rebuild, no relink). The check passes
only if the unmutated shaders pass and every mutation makes some test fail.

usage: shader_mutations.py --glslc GLSLC --shaders DIR TEST_PROGRAM [TEST_PROGRAM ...]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# (shader file, text to find, replacement, what the bug is). A dropped statement becomes ";" so
# that an `if` before it still has a body.
MUTATIONS = [
    ("particle_forces.glsl", "vec3 f = params.gravity.xyz / inverse_mass;", "vec3 f = vec3(0.0);",
     "gravity dropped"),
    ("particle_forces.glsl", "f -= params.air_drag * (v - params.wind.xyz);",
     "f -= params.air_drag * v;", "wind ignored by air drag"),
    ("particle_forces.glsl", "f -= params.air_drag * (v - params.wind.xyz);",
     "f += params.air_drag * (v - params.wind.xyz);", "air drag sign flipped"),
    ("particle_forces.glsl", "vec3 f = -params.ground.z * vec3(v.x, 0.0, v.z);",
     "vec3 f = vec3(0.0);", "ground friction dropped"),
    ("particle_forces.glsl", "if (v.y < 0.0) f.y -= params.ground.w * v.y;", ";",
     "ground absorption dropped"),
    ("particle_forces.glsl", "f.y += params.ground.y * (params.ground.x - x.y);",
     "f.y += params.ground.y * (x.y - params.ground.x);", "ground repulsion sign flipped"),
    ("particle_forces.glsl", "f = -stiffness * (len - rest_length) * e;",
     "f = -stiffness * len * e;", "spring rest length ignored"),
    ("particle_forces.glsl", "vec3 d = x - positions[other].xyz;",
     "vec3 d = positions[other].xyz - x;", "spring direction flipped"),
    ("accumulate_forces.comp", "f += spring_force(p.xyz, v, s.other, s.rest_length, s.stiffness, s.damping);",
     "f += spring_force(p.xyz, v, s.other ^ 1u, s.rest_length, s.stiffness, s.damping);",
     "spring reads a wrong neighbour"),
    ("particle_forces.glsl", "f -= damping * dot(dv, e) * e;", ";",
     "axial spring damping dropped"),
    ("particle_forces.glsl", "f -= damping * dv;", "f += damping * dv;",
     "relative spring damping sign flipped"),
    ("accumulate_forces.comp", "for (uint k = spring_offsets[i]; k < end; ++k)",
     "for (uint k = spring_offsets[i] + 1u; k < end; ++k)", "first spring of each particle skipped"),
    ("simulation_bindings.glsl", "return (positions[i].xyz - previous[i].xyz) / params.dt;",
     "return positions[i].xyz - previous[i].xyz;", "Verlet velocity not divided by dt"),
    ("integrate.comp", "vec3 a = forces[i].xyz * p.w;", "vec3 a = forces[i].xyz;",
     "mass ignored"),
    ("integrate.comp", "next = x + v * dt;\n    velocities[i] = vec4(v + a * dt, 0.0);",
     "next = x + (v + a * dt) * dt;\n    velocities[i] = vec4(v + a * dt, 0.0);",
     "explicit Euler moves with the new velocity"),
    ("integrate.comp", "vec3 v = velocities[i].xyz + a * dt;", "vec3 v = velocities[i].xyz - a * dt;",
     "semi-implicit Euler acceleration sign flipped"),
    ("integrate.comp", "(1.0 - params.verlet_damping)", "1.0", "Verlet damping dropped"),
    ("integrate.comp", "a * (dt * dt)", "a * dt", "Verlet acceleration times dt, not dt^2"),
    ("integrate.comp", "previous[i] = vec4(x, 0.0);", "previous[i] = vec4(next, 0.0);",
     "previous position set to the new one"),
    ("apply_external_forces.comp", "forces[e.particle].xyz += e.force.xyz;",
     "forces[e.particle].xyz = e.force.xyz;", "external force replaces instead of adds"),
    ("drive_anchors.comp", "next.y = max(next.y, params.ground.x);", ";",
     "anchor not kept above the ground"),
    ("drive_anchors.comp", "previous[i] = vec4(p.xyz, 0.0);", ";",
     "anchor's previous position not updated"),
    ("drive_anchors.comp", "next = p.xyz + anchor.velocity.xyz * params.dt;",
     "next = p.xyz + anchor.velocity.xyz;", "anchor velocity not scaled by dt"),
    ("drive_anchors.comp", "(params.dt / (params.dt + anchor.target.w))",
     "(params.dt / anchor.target.w)", "drag pull not bounded by the target"),
    ("drive_anchors.comp",
     "anchor.mode == WEFT_ANCHOR_TARGET ? (next - p.xyz) / params.dt : anchor.velocity.xyz",
     "anchor.velocity.xyz", "dragged particle let go without its velocity"),
    ("relax_distance.comp", "float alpha = constraint.compliance / (params.dt * params.dt);",
     "float alpha = constraint.compliance / params.dt;", "XPBD compliance scaled by dt, not dt^2"),
    ("relax_distance.comp", "float lambda = relax.reset_lambda != 0u ? 0.0 : lambdas[c];",
     "float lambda = lambdas[c];", "XPBD multipliers never reset"),
    ("relax_distance.comp", "vec3 move_b = (-pb.w * delta_lambda) * n;",
     "vec3 move_b = (pb.w * delta_lambda) * n;", "second end moved the wrong way"),
    ("relax_distance.comp", "velocities[constraint.a].xyz += move_a / params.dt;", ";",
     "Euler velocity not corrected by the projection"),
    ("relax_distance.comp", "DistanceConstraint constraint = constraints[c];",
     "DistanceConstraint constraint = constraints[k];", "colour offset ignored"),
    ("collide.comp", "    x.y = params.ground.x;\n", "    ;\n", "ground projection dropped"),
    ("collide.comp", "x = sphere.xyz + normal * sphere.w;", "x = sphere.xyz + normal * (0.9 * sphere.w);",
     "sphere projection falls short"),
    ("collide.comp", "x -= params.contact_friction * tangential;", ";", "contact friction dropped"),
    ("collide.comp", "if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;", ";",
     "Euler velocity not corrected by the contact"),
    ("grid_directions.glsl", "const int kRowOffset[12] = int[12](0, 0, 1, -1, 1, -1, 1, -1, 0, 0, 2, -2);",
     "const int kRowOffset[12] = int[12](0, 0, 1, -1, 1, -1, -1, 1, 0, 0, 2, -2);",
     "grid: shear directions point the wrong way"),
    ("grid_directions.glsl", "return c >= 0 && c < int(grid.columns) && r >= 0 && r < int(grid.rows);",
     "return c >= 0 && r >= 0 && r < int(grid.rows);", "grid: neighbours wrap across rows"),
    ("grid_directions.glsl", "return slot < 4u ? grid.rest_lengths[slot] : grid.bend_rest_lengths[slot - 4u];",
     "return slot < 4u ? grid.rest_lengths[slot] : grid.bend_rest_lengths[slot - 5u];",
     "grid: wrong bend rest length"),
    ("grid_accumulate_forces.comp", "if ((grid.spring_kinds & kKindBit[k]) == 0u || !grid_neighbour(column, row, k, j)) continue;",
     "if (!grid_neighbour(column, row, k, j)) continue;", "grid: every link kind is a spring"),
    ("grid_accumulate_forces.comp", "grid.damping[kind]);", "grid.damping[0]);",
     "grid: every kind damped like structural links"),
    ("grid_accumulate_forces.comp", "grid.stiffness[kind],", "grid.stiffness[2u - kind],",
     "grid: stiffness of the wrong kind"),
    ("relax_grid_jacobi.comp", "bool forward = (k & 1u) == 0u;", "bool forward = true;",
     "grid: every link treated as owned"),
    ("relax_grid_jacobi.comp", "grid.jacobi_scale * (-(len", "(-(len", "grid: Jacobi corrections not scaled"),
    ("relax_grid_jacobi.comp", "float alpha = grid.compliance[kKind[k]] / (params.dt * params.dt);",
     "float alpha = grid.compliance[kKind[k]] / params.dt;", "grid: compliance scaled by dt, not dt^2"),
    ("relax_grid_jacobi.comp", "if (forward) write_lambda(slot, lambda + delta_lambda);", ";",
     "grid: multiplier not stored"),
    ("relax_grid_jacobi.comp", "if (relax.reset_lambda != 0u || grid.uses_lambdas == 0u) return 0.0;",
     "if (grid.uses_lambdas == 0u) return 0.0;", "grid: multipliers never reset"),
    ("relax_grid_jacobi.comp", "vec4 source_position(uint i) { return relax.read_scratch != 0u ? scratch[i] : positions[i]; }",
     "vec4 source_position(uint i) { return positions[i]; }", "grid: odd sweeps read the wrong buffer"),
    ("relax_grid_jacobi.comp", "if (!integrator_is_verlet()) velocities[i].xyz += correction / params.dt;", ";",
     "grid: Euler velocity not corrected"),
    ("measure_grid_health.comp", "for (uint k = 0u; k < 12u; k += 2u) {", "for (uint k = 0u; k < 4u; k += 2u) {",
     "grid: only structural links watched"),
    ("measure_health.comp", "atomicAdd(health.nonfinite_count, 1u);", ";",
     "non-finite particles not counted"),
    ("measure_health.comp", "return rest > 0.0 ? (length(a - b) - rest) / rest : 0.0;",
     "return rest > 0.0 ? (length(a - b) - rest) : 0.0;", "stretch not relative to rest length"),
]


def compile_shaders(glslc, source_dir, out_dir):
    for name in sorted(os.listdir(source_dir)):
        if not name.endswith(".comp"):
            continue
        result = subprocess.run(
            [glslc, "--target-env=vulkan1.3", "-O", "-I", source_dir, "-o",
             os.path.join(out_dir, name + ".spv"), os.path.join(source_dir, name)],
            capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"glslc failed on {name}:\n{result.stderr}")


def tests_pass(programs, spirv_dir):
    env = dict(os.environ, WEFT_SHADER_DIR=spirv_dir)
    for program in programs:
        result = subprocess.run([program, "--gtest_brief=1", "--gtest_fail_fast"], env=env, capture_output=True, text=True)
        if result.returncode != 0:
            return False, os.path.basename(program)
    return True, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glslc", required=True)
    parser.add_argument("--shaders", required=True, help="folder of the GLSL sources")
    parser.add_argument("programs", nargs="+", help="GPU test programs to run per mutation")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="weft-mutations-") as scratch:
        sources = os.path.join(scratch, "src")
        spirv = os.path.join(scratch, "spv")
        shutil.copytree(args.shaders, sources)
        os.mkdir(spirv)
        compile_shaders(args.glslc, sources, spirv)
        ok, failing = tests_pass(args.programs, spirv)
        if not ok:
            print(f"FAIL: the unmutated shaders already fail {failing}; fix that first")
            return 1

        survivors = []
        for shader, find, replace, what in MUTATIONS:
            path = os.path.join(sources, shader)
            original = open(path).read()
            if original.count(find) != 1:
                print(f"FAIL: mutation '{what}' no longer matches {shader} exactly once; update it")
                return 1
            open(path, "w").write(original.replace(find, replace))
            try:
                compile_shaders(args.glslc, sources, spirv)
                ok, failing = tests_pass(args.programs, spirv)
            finally:
                open(path, "w").write(original)
            status = "survived (no test failed)" if ok else f"caught by {failing}"
            print(f"{shader:28} {what:50} {status}", flush=True)
            if ok:
                survivors.append(f"{shader}: {what}")

    print(f"\n{len(MUTATIONS) - len(survivors)} of {len(MUTATIONS)} mutations caught")
    if survivors:
        print("FAIL: these broken shaders pass every test:\n  " + "\n  ".join(survivors))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
