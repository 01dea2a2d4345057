#!/usr/bin/env python3
"""Breaks each shader on purpose, one mutation at a time, and checks that the GPU tests notice.
A mutation is a small, plausible bug: a dropped term, a flipped sign, a wrong neighbour, a missing
division, a light or a colour changed. Each solver module lists its shaders and their mutations in
a file of shader_mutations/ (one per module, as the solver's module list has them), and so does
drawing (drawing.py); a file may name, in PROGRAMS, the test programs most likely to catch its
mutations, which then run first. For each mutation the shaders that include the mutated file are
recompiled into a scratch folder and the given test programs run against it through
WEFT_SHADER_DIR (no rebuild, no relink). The check passes only if the unmutated shaders pass,
every simulation shader and every graphics shader (.vert, .frag) belongs to a file with at least
one mutation, and every mutation makes some test fail.

usage: shader_mutations.py --glslc GLSLC --shaders DIR [--jobs N] TEST_PROGRAM [TEST_PROGRAM ...]
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shader_mutations")
# Every pass of a solver module includes this header; a compute shader that does not (drawing,
# picking) is not a simulation pass and is checked by the rendering tests instead.
SIMULATION_HEADER = "particle_bindings.glsl"


def load_tables():
    modules = []
    for name in sorted(os.listdir(TABLES)):
        if not name.endswith(".py"):
            continue
        table = {}
        with open(os.path.join(TABLES, name)) as f:
            exec(compile(f.read(), name, "exec"), table)
        modules.append((name[:-3], table["SHADERS"], table["MUTATIONS"], table.get("PROGRAMS", [])))
    return modules


def dependencies(glslc, source_dir, shader):
    """The files a shader includes, itself too, as glslc -M lists them."""
    result = subprocess.run([glslc, "-M", "-I", source_dir, os.path.join(source_dir, shader)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"glslc -M failed on {shader}:\n{result.stderr}")
    paths = result.stdout.split(":", 1)[1].replace("\\\n", " ").split()
    return {os.path.basename(p) for p in paths}


def compile_shader(glslc, source_dir, out_dir, name):
    result = subprocess.run(
        [glslc, "--target-env=vulkan1.3", "-O", "-I", source_dir, "-o",
         os.path.join(out_dir, name + ".spv"), os.path.join(source_dir, name)],
        capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"glslc failed on {name}:\n{result.stderr}")


# "[  FAILED  ] Suite.Name (3 ms)", or "..., where GetParam() = ..." for a parameterised test.
FAILED_TEST = re.compile(r"^\[  FAILED  \] ([^\s,]+)", re.MULTILINE)


def tests_pass(programs, spirv_dir, hints=()):
    """Runs the programs until one fails. Returns (True, None), or (False, (program, test)) with
    the program's name and the first test that failed in it (None when it names none).

    `hints`, the (program, test) pairs that caught earlier mutations, most recent first, go
    first: each of those tests alone, then their programs before the others."""
    env = dict(os.environ, WEFT_SHADER_DIR=spirv_dir)
    by_name = {os.path.basename(p): p for p in programs}

    def run(program, extra):
        result = subprocess.run([program, "--gtest_brief=1", "--gtest_fail_fast"] + extra,
                                env=env, capture_output=True, text=True)
        if result.returncode == 0:
            return None
        failed = FAILED_TEST.search(result.stdout)
        return (os.path.basename(program), failed.group(1) if failed else None)

    for name, test in hints:
        if test and name in by_name:
            caught = run(by_name[name], [f"--gtest_filter={test}"])
            if caught:
                return False, caught
    hinted = [name for name, _ in hints]
    order = sorted(programs, key=lambda p: hinted.index(os.path.basename(p))
                   if os.path.basename(p) in hinted else len(hinted))
    for program in order:
        caught = run(program, [])
        if caught:
            return False, caught
    return True, None


class Workspace:
    """A scratch copy of the shader sources and their SPIR-V, one per worker."""

    def __init__(self, root, index, args, shaders):
        self.sources = os.path.join(root, f"src{index}")
        self.spirv = os.path.join(root, f"spv{index}")
        shutil.copytree(args.shaders, self.sources)
        os.mkdir(self.spirv)
        self.args = args
        for shader in shaders:
            compile_shader(args.glslc, self.sources, self.spirv, shader)

    def run(self, mutation, users, hints):
        shader, find, replace, what = mutation
        path = os.path.join(self.sources, shader)
        original = open(path).read()
        if original.count(find) != 1:
            return mutation, "stale", None
        open(path, "w").write(original.replace(find, replace))
        spirv = [os.path.join(self.spirv, user + ".spv") for user in users]
        for compiled in spirv:
            shutil.copyfile(compiled, compiled + ".unmutated")
        try:
            for user in users:
                compile_shader(self.args.glslc, self.sources, self.spirv, user)
            ok, failing = tests_pass(self.args.programs, self.spirv, hints)
        finally:
            open(path, "w").write(original)
            for compiled in spirv:
                os.replace(compiled + ".unmutated", compiled)
        return mutation, "survived" if ok else "caught", failing


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glslc", required=True)
    parser.add_argument("--shaders", required=True, help="folder of the GLSL sources")
    parser.add_argument("--jobs", type=int, default=2, help="mutations tried at once")
    parser.add_argument("programs", nargs="+", help="GPU test programs to run per mutation")
    args = parser.parse_args()

    modules = load_tables()
    compute = sorted(n for n in os.listdir(args.shaders) if n.endswith((".comp", ".vert", ".frag")))
    includes = {c: dependencies(args.glslc, args.shaders, c) for c in compute}
    simulation = [c for c in compute if SIMULATION_HEADER in includes[c]]
    graphics = [c for c in compute if not c.endswith(".comp")]

    # Coverage: every simulation and graphics shader belongs to a file that mutates it.
    claimed = {}
    for module, shaders, mutations, _ in modules:
        for shader in shaders:
            claimed[shader] = module
        for shader, _, _, what in mutations:
            if shader not in shaders:
                print(f"FAIL: {module}.py mutates {shader}, which it does not list as its own")
                return 1
    mutated = {m[0] for _, _, mutations, _ in modules for m in mutations}
    for shader in simulation + graphics:
        if shader not in claimed:
            print(f"FAIL: {shader} belongs to no module file in {TABLES}; add one")
            return 1
        if shader not in mutated:
            print(f"FAIL: {shader} ({claimed[shader]}) has no mutation; add at least one")
            return 1

    with tempfile.TemporaryDirectory(prefix="weft-mutations-") as scratch:
        jobs = max(1, args.jobs)
        spaces = [Workspace(scratch, k, args, compute) for k in range(jobs)]
        ok, failing = tests_pass(args.programs, spaces[0].spirv)
        if not ok:
            print(f"FAIL: the unmutated shaders already fail {failing[0]}; fix that first")
            return 1

        work = [(module, m) for module, _, mutations, _ in modules for m in mutations]
        survivors = []
        stale = []
        free = list(spaces)
        # A test that caught one of a module's mutations most likely catches its next ones too:
        # trying those alone first, then their programs, skips whole runs of programs that would
        # pass. Which mutations are caught does not change, only how soon. A module's PROGRAMS
        # go first until then.
        catchers = {module: [(program, None) for program in programs]
                    for module, _, _, programs in modules if programs}
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            pending = {}
            queue = list(work)
            while queue or pending:
                while queue and free:
                    module, mutation = queue.pop(0)
                    space = free.pop()
                    users = [c for c in compute if mutation[0] in includes[c]]
                    hints = list(catchers.get(module, []))
                    pending[pool.submit(space.run, mutation, users, hints)] = (module, space)
                done, _ = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    module, space = pending.pop(future)
                    free.append(space)
                    (shader, _, _, what), status, failing = future.result()
                    if status == "stale":
                        stale.append(f"{module}.py: '{what}' no longer matches {shader} once")
                        text = "does not match the shader: update it"
                    elif status == "survived":
                        survivors.append(f"{shader}: {what}")
                        text = "survived (no test failed)"
                    else:
                        known = catchers.setdefault(module, [])
                        if failing in known:
                            known.remove(failing)
                        known.insert(0, failing)
                        program, test = failing
                        text = f"caught by {program}" + (f" ({test})" if test else "")
                    print(f"{module:22} {shader:28} {what:52} {text}", flush=True)

    print(f"\n{len(work) - len(survivors) - len(stale)} of {len(work)} mutations caught")
    if stale:
        print("FAIL: these mutations no longer match their shader exactly once:\n  " +
              "\n  ".join(stale))
    if survivors:
        print("FAIL: these broken shaders pass every test:\n  " + "\n  ".join(survivors))
    return 1 if stale or survivors else 0


if __name__ == "__main__":
    sys.exit(main())
