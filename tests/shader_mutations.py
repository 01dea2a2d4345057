#!/usr/bin/env python3
"""Breaks weft's shaders on purpose, one mutation at a time, and checks that the tests notice. A
mutation is a small, plausible bug: a dropped term, a flipped sign, a wrong neighbour, a missing
division. Each solver module lists its shaders, their mutations and the tests that catch them in
a file of shader_mutations/ (one per module, as the solver's module list has them):

    SHADERS = [shader files the module owns]
    MUTATIONS = [(shader file, text to find, replacement, what the bug is), ...]
    CAUGHT_BY = [(test program, gtest filter), ...]   one start of the program each, in order

For each mutation the shaders that include the mutated file are recompiled into a scratch copy
of the build's SPIR-V, and the CAUGHT_BY tests (and those alone) run against it through
WEFT_SHADER_DIR: no rebuild, no relink, a fraction of a second per mutation. A mutation passes
when one of them fails. One that none of them catches is then tried against every GPU test
program: caught there, the check fails all the same and names the test to add to CAUGHT_BY (so
that it stays fast); caught nowhere, it fails as a broken shader that passes every test.

    shader_mutations.py --glslc GLSLC --shaders SRC --spirv BUILD_SPIRV --bin TEST_DIR
                        --module NAME PROGRAM...     one module's mutations (a ctest test each)
    shader_mutations.py --glslc GLSLC --shaders SRC --coverage
                        every simulation shader belongs to a module with mutations and tests
    ... --module NAME --search PROGRAM...
                        which test of the PROGRAMs catches each mutation first, CAUGHT_BY aside
                        (to write a new module's CAUGHT_BY)
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shader_mutations")
# Every pass of a solver module includes this header; a compute shader that does not (drawing,
# picking) is not a simulation pass and need not belong to a module (though it may).
SIMULATION_HEADER = "particle_bindings.glsl"
# A mutant that makes a test loop for ever is caught, not waited for: the tests a mutant runs
# take well under a second each.
PROGRAM_SECONDS = 120


def load_table(name):
    table = {}
    path = os.path.join(TABLES, name + ".py")
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), table)
    return table["SHADERS"], table["MUTATIONS"], table.get("CAUGHT_BY", [])


def module_names():
    return sorted(n[:-3] for n in os.listdir(TABLES) if n.endswith(".py"))


def includes_of(glslc, source_dir, spirv_dir, shader):
    """The files a shader includes, itself too: from the build's depfile, else from glslc -M."""
    depfile = os.path.join(spirv_dir, shader + ".inc.d") if spirv_dir else ""
    if depfile and os.path.exists(depfile):
        text = open(depfile).read()
    else:
        result = subprocess.run([glslc, "-M", "-I", source_dir, os.path.join(source_dir, shader)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"glslc -M failed on {shader}:\n{result.stderr}")
        text = result.stdout
    paths = text.split(":", 1)[1].replace("\\\n", " ").split()
    return {os.path.basename(p) for p in paths}


def compile_shaders(glslc, source_dir, out_dir, names):
    """Compiles the shaders into out_dir/NAME.spv, in one start of glslc (most of its time)."""
    result = subprocess.run(
        [glslc, "--target-env=vulkan1.3", "-O", "-I", source_dir, "-c"] +
        [os.path.join(source_dir, name) for name in names],
        cwd=out_dir, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"glslc failed on {' '.join(names)}:\n{result.stderr}")


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def unpack_build_spirv(build_dir, out_dir):
    """The build's SPIR-V (glslc -mfmt=c arrays, shaders/spirv/*.inc) as .spv files; returns the
    shader names."""
    names = []
    for inc in sorted(os.listdir(build_dir)):
        if not inc.endswith(".inc"):
            continue
        words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]+", open(
            os.path.join(build_dir, inc)).read())]
        name = inc[:-4]
        with open(os.path.join(out_dir, name + ".spv"), "wb") as f:
            f.write(b"".join(w.to_bytes(4, "little") for w in words))
        names.append(name)
    if not names:
        raise RuntimeError(f"no SPIR-V in {build_dir}: build weft first")
    return names


# "[  FAILED  ] Suite.Name (3 ms)", or "..., where GetParam() = ..." for a parameterised test.
FAILED_TEST = re.compile(r"^\[  FAILED  \] ([^\s,]+)", re.MULTILINE)


def run_tests(program, spirv_dir, gtest_filter=None):
    """Runs one test program against the SPIR-V in spirv_dir, stopping at its first failure.
    Returns None when every test passed, else the name of the test that failed."""
    command = [program, "--gtest_brief=1", "--gtest_fail_fast"]
    if gtest_filter:
        command.append(f"--gtest_filter={gtest_filter}")
    try:
        result = subprocess.run(command, env=dict(os.environ, WEFT_SHADER_DIR=spirv_dir),
                                capture_output=True, text=True, timeout=PROGRAM_SECONDS)
    except subprocess.TimeoutExpired:
        return f"(still running after {PROGRAM_SECONDS} s)"
    if result.returncode == 0:
        if "[  PASSED  ] 0 tests" in result.stdout:
            raise RuntimeError(f"{os.path.basename(program)} --gtest_filter={gtest_filter} "
                               "runs no test: fix CAUGHT_BY")
        return None
    failed = FAILED_TEST.search(result.stdout)
    return failed.group(1) if failed else f"(exit status {result.returncode})"


def first_failure(runs, spirv_dir):
    """Runs (program, filter) pairs until one fails: (program name, test), or None."""
    for program, gtest_filter in runs:
        failed = run_tests(program, spirv_dir, gtest_filter)
        if failed:
            return os.path.basename(program), failed
    return None


def check_coverage(args):
    """Every simulation and graphics shader belongs to a module that mutates it and names its
    tests."""
    sources = sorted(os.listdir(args.shaders))
    compute = [s for s in sources if s.endswith(".comp")]
    claimed, mutated, problems = {}, set(), []
    for module in module_names():
        shaders, mutations, caught_by = load_table(module)
        for shader in shaders:
            claimed[shader] = module
            if shader not in sources:
                problems.append(f"{module}.py lists {shader}, which is not in {args.shaders}")
        if mutations and not caught_by:
            problems.append(f"{module}.py has mutations but no CAUGHT_BY tests")
        for shader, _, _, what in mutations:
            mutated.add(shader)
            if shader not in shaders:
                problems.append(f"{module}.py mutates {shader}, which it does not list as its own")
    graphics = [s for s in sources if s.endswith((".vert", ".frag"))]
    for shader in compute + graphics:
        if shader in compute and SIMULATION_HEADER not in includes_of(
                args.glslc, args.shaders, args.spirv, shader):
            continue
        if shader not in claimed:
            problems.append(f"{shader} belongs to no module file in {TABLES}; add one")
        elif shader not in mutated:
            problems.append(f"{shader} ({claimed[shader]}) has no mutation; add at least one")
    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print(f"{len(compute)} compute and {len(graphics)} graphics shaders: every simulation "
              "pass and every graphics shader mutated by its module")
    return 1 if problems else 0


def check_module(args):
    shaders, mutations, caught_by = load_table(args.module)
    runs = [(os.path.join(args.bin, program), tests) for program, tests in caught_by]
    everything = [(p, None) for p in args.programs]
    with tempfile.TemporaryDirectory(prefix=f"weft-mutations-{args.module}-") as scratch:
        sources, baseline, mutant = (os.path.join(scratch, d) for d in ("src", "spv", "mutant"))
        shutil.copytree(args.shaders, sources)
        os.mkdir(baseline)
        built = unpack_build_spirv(args.spirv, baseline)
        includes = {s: includes_of(args.glslc, args.shaders, args.spirv, s) for s in built}
        shutil.copytree(baseline, mutant)

        if not args.search:
            if not runs:
                print(f"FAIL: {args.module}.py names no CAUGHT_BY tests")
                return 1
            failing = first_failure(runs, baseline)
            if failing:
                print(f"FAIL: the unmutated shaders already fail {failing[0]} ({failing[1]}); "
                      "fix that first")
                return 1

        survivors, stale, uncaught = [], [], []
        for shader, find, replace, what in mutations:
            path = os.path.join(sources, shader)
            original = open(path).read()
            if original.count(find) != 1:
                stale.append(f"'{what}' no longer matches {shader} exactly once")
                print(f"{shader:28} {what:56} does not match the shader: update it", flush=True)
                continue
            users = [s for s in built if shader in includes[s]]
            started = children_cpu_seconds()
            open(path, "w").write(original.replace(find, replace))
            try:
                if users:
                    compile_shaders(args.glslc, sources, mutant, users)
                failing = None if args.search else first_failure(runs, mutant)
                outside = failing is None and first_failure(everything, mutant)
            finally:
                open(path, "w").write(original)
                for user in users:
                    shutil.copyfile(os.path.join(baseline, user + ".spv"),
                                    os.path.join(mutant, user + ".spv"))
            seconds = children_cpu_seconds() - started
            if failing:
                text = f"caught by {failing[0]} ({failing[1]})"
            elif outside:
                text = f"caught by {outside[0]} ({outside[1]}) only"
                if not args.search:
                    uncaught.append(f"'{what}' ({shader}): add (\"{outside[0]}\", "
                                    f"\"{outside[1]}\") to CAUGHT_BY")
            else:
                survivors.append(f"{shader}: {what}")
                text = "survived (no test failed)"
            print(f"{shader:28} {what:56} {text} [{seconds:.1f} s of CPU]", flush=True)

    print(f"\n{args.module}: {len(mutations) - len(survivors) - len(stale) - len(uncaught)} of "
          f"{len(mutations)} mutations caught by its CAUGHT_BY tests, "
          f"{children_cpu_seconds():.1f} s of CPU in all")
    if stale:
        print("FAIL: these mutations no longer match their shader exactly once:\n  " +
              "\n  ".join(stale))
    if uncaught:
        print(f"FAIL: these mutations are caught only by tests {args.module}.py's CAUGHT_BY does "
              "not name:\n  " + "\n  ".join(uncaught))
    if survivors:
        print("FAIL: these broken shaders pass every test:\n  " + "\n  ".join(survivors))
    return 1 if stale or survivors or (uncaught and not args.search) else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glslc", required=True)
    parser.add_argument("--shaders", required=True, help="folder of the GLSL sources")
    parser.add_argument("--spirv", help="the build's SPIR-V folder (shaders/spirv)")
    parser.add_argument("--bin", help="folder of the test programs CAUGHT_BY names")
    parser.add_argument("--module", help="the module file (shader_mutations/NAME.py) to check")
    parser.add_argument("--coverage", action="store_true")
    parser.add_argument("--search", action="store_true")
    parser.add_argument("programs", nargs="*", help="every GPU test program, for a mutation "
                        "CAUGHT_BY misses")
    args = parser.parse_args()
    if args.coverage:
        return check_coverage(args)
    if not (args.module and args.spirv and args.bin and args.programs):
        parser.error("--module needs --spirv, --bin and the test programs")
    if args.module not in module_names():
        parser.error(f"no {args.module}.py in {TABLES}")
    return check_module(args)


if __name__ == "__main__":
    sys.exit(main())
