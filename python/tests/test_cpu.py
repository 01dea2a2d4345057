"""The Python module on the CPU reference: NeHe 39's analytic cases, keys, views and exports."""
import math
import os

import numpy as np
import pytest

import weft


def test_mass_on_a_spring_swings_with_its_period(scenes):
    # NeHe 39, case 3: 1 kg on a zero-length spring of k = 2 N/m swings as 10 cos(sqrt(2) t)
    # about the pinned connection at x = 0: a period of 2 pi / sqrt(2) = 4.443 s. The zero
    # crossings of x, interpolated between frames, give it to about 1 ms; semi-implicit Euler at
    # 1/60 s shifts it by 2e-5 of itself. A spring 1% too stiff shifts it by 0.5% (22 ms).
    sim = weft.Simulation(os.path.join(scenes, "nehe39_three_cases.toml"))
    spring = sim.system_names.index("spring")
    dt = sim.frame_dt
    crossings = []
    x_before = float(sim.positions_of(spring)[1, 0])
    while len(crossings) < 2 and sim.frame < 400:
        sim.step()
        x = float(sim.positions_of(spring)[1, 0])
        if (x_before > 0) != (x > 0):
            crossings.append(sim.time - dt * x / (x - x_before))
        x_before = x
    assert len(crossings) == 2, "the mass did not swing through the connection twice"
    period = 2.0 * (crossings[1] - crossings[0])
    assert period == pytest.approx(2.0 * math.pi / math.sqrt(2.0), rel=2e-3)


def test_thrown_mass_follows_its_parabola(scenes):
    # NeHe 39, case 2, with 20 substeps a frame (an override): x = -10 + 10 t exactly, and
    # y = 15 t - g t^2 / 2 less semi-implicit Euler's g h t / 2 (h the substep).
    sim = weft.Simulation(os.path.join(scenes, "nehe39_three_cases.toml"),
                          overrides={"solver.max_dt": 0.001})
    assert sim.get("solver.max_dt") == pytest.approx(0.001)
    thrown = sim.system_names.index("gravitation")
    sim.step(60)
    t, g, h = sim.time, 9.81, sim.frame_dt / 17
    x, y, _ = sim.positions_of(thrown)[0]
    assert x == pytest.approx(-10.0 + 10.0 * t, abs=1e-4)
    assert abs(y - (15.0 * t - 0.5 * g * t * t)) <= 0.5 * g * h * t + 1e-4
    report = sim.report()["systems"][thrown]
    speed2 = 10.0 ** 2 + (15.0 - g * t) ** 2
    assert report["kinetic_energy"] == pytest.approx(0.5 * speed2, rel=1e-4)


def test_keys_are_checked_as_the_file_is(scenes):
    path = os.path.join(scenes, "nehe40_rope.toml")
    with pytest.raises(weft.InputError, match=r"substepz.*did you mean 'substeps'"):
        weft.Simulation(path, overrides={"solver.substepz": 4})
    with pytest.raises(ValueError, match=r"air_drag.*must be >= 0"):
        weft.Simulation(path, overrides=["environment.air_drag=-1"])
    sim = weft.Simulation(path, overrides={"solver.max_dt": 0.004, "environment.air_drag": 0})
    assert sim["solver.max_dt"] == 0.004 and sim["environment.air_drag"] == 0
    sim["environment.gravity"] = [0.0, -1.62, 0.0]  # the Moon: a live change
    assert sim.get("environment.gravity") == pytest.approx([0.0, -1.62, 0.0])
    # A setting the file leaves out has the value the scene runs with: its default.
    assert sim.get("environment.wind") == pytest.approx([0.0, 0.0, 0.0])
    assert sim.get("solver.relaxation_sweeps") == 8
    assert sim.get("solver.variant") == "auto"
    assert sim.get("rope.color") is None
    with pytest.raises(weft.InputError, match="changes what the scene is made of"):
        sim["rope.nodes"] = 20


def test_threads_give_the_same_run(scenes):
    # The CPU reference splits its passes over threads without changing a bit of the result.
    path = os.path.join(scenes, "flag_in_wind.toml")
    one = weft.Simulation(path)
    two = weft.Simulation(path, threads=2)
    assert one.device == "CPU reference (float)"
    assert two.device == "CPU reference (float) on 2 threads"
    one.step(5)
    two.step(5)
    assert np.array_equal(one.positions, two.positions)
    with pytest.raises(weft.InputError, match="threads is 0"):
        weft.Simulation(path, threads=-1)


ROPE_ABOUT_THE_ORIGIN = """
[environment]
gravity = [0.0, -9.81, 0.0]
[[rope]]
name = "rope"
start = [-1.0, 0.0, 0.0]
end = [1.0, 0.0, 0.0]
nodes = 21
node_mass = 0.05
pin = { nodes = [0] }
segment = { kind = "spring", stiffness = 1000.0, damping = 0.1 }
"""


def test_positions_are_a_view_of_the_cpu_state(tmp_path):
    # A scene is simulated about the middle of its particles: this one's is the world's origin,
    # so the solver's own state is in world coordinates and positions are a view of it.
    scene = tmp_path / "rope.toml"
    scene.write_text(ROPE_ABOUT_THE_ORIGIN)
    sim = weft.Simulation(str(scene))
    positions = sim.positions
    assert positions.shape == (21, 3) and positions.dtype == np.float32
    assert not positions.flags.writeable
    again = sim.positions
    assert np.shares_memory(positions, again)
    before = positions.copy()
    sim.step(5)
    assert not np.array_equal(before, positions), "the view did not follow the simulation"
    assert np.array_equal(positions, sim.positions)


def test_positions_are_in_the_world(scenes):
    # NeHe's rope lies from x = 0 to 3.95 m: it is simulated about x = 2 m, and its positions
    # come back in the world, as a copy.
    sim = weft.Simulation(os.path.join(scenes, "nehe40_rope.toml"))
    positions = sim.positions
    assert positions.shape == (80, 3)
    assert positions[0, 0] == 0.0 and abs(positions[-1, 0] - 3.95) < 1e-6
    before = positions.copy()
    sim.step(5)
    assert np.array_equal(positions, before), "a copy does not follow the simulation"
    assert not np.array_equal(sim.positions, before)


def test_a_scene_far_up_reads_its_settings_in_the_world(tmp_path):
    # Simulated about its middle (y = 100 m), the ground it leaves at its default height is
    # still at y = 0 in the world, and its particles are at y = 100.
    scene = tmp_path / "far.toml"
    scene.write_text(ROPE_ABOUT_THE_ORIGIN.replace("0.0, 0.0]", "100.0, 0.0]")
                     + '[environment.ground]\nmode = "projection"\n')
    sim = weft.Simulation(str(scene))
    assert sim.get("environment.ground.height") == 0
    assert abs(sim.positions[0, 1] - 100.0) < 1e-5


def test_report_and_exports(scenes, tmp_path):
    sim = weft.Simulation(os.path.join(scenes, "nehe40_rope.toml"))
    sim.step(3)
    report = sim.report()
    assert report["frame"] == 3
    system = report["systems"][0]
    assert system["links"] == 79 and system["max_strain"] > 0.0 and system["blow_up"] == ""
    velocities = sim.velocities()
    assert velocities.shape == (80, 3) and np.all(np.isfinite(velocities))
    sim.export_csv(str(tmp_path / "rope.csv"))
    lines = (tmp_path / "rope.csv").read_text().splitlines()
    assert lines[0] == "index,x,y,z" and len(lines) == 81
    x, y, z = (float(v) for v in lines[80].split(",")[1:])
    assert (x, y, z) == pytest.approx(tuple(sim.positions[79]), abs=1e-5)
    sim.export_obj(str(tmp_path / "rope.obj"))
    vertices = [l for l in (tmp_path / "rope.obj").read_text().splitlines() if l.startswith("v ")]
    assert len(vertices) == 80
    with pytest.raises(weft.MachineError):
        sim.export_csv(str(tmp_path / "rope.csv" / "x.csv"))  # under a file, not a folder
