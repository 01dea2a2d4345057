"""The GPU solver driven from Python agrees with the CPU reference on the flag in the wind."""
import os

import numpy as np
import pytest

import weft


def gpu_simulation(path):
    try:
        return weft.Simulation(path, device="gpu", validation=True)
    except weft.MachineError as error:
        if os.environ.get("WEFT_REQUIRE_VULKAN") == "1":
            raise
        pytest.skip(f"no Vulkan device: {error}")


def test_flag_on_the_gpu_follows_the_cpu_reference(scenes):
    # As the C++ preset test (tests/preset_gpu_test.cpp): every particle after two frames within
    # 0.1 mm, far above float rounding over two frames and far below what a wrong pass does
    # (gravity alone moves a free particle 1.4 mm per frame).
    path = os.path.join(scenes, "flag_in_wind.toml")
    gpu = gpu_simulation(path)
    cpu = weft.Simulation(path)
    start = cpu.positions.copy()
    gpu.step(2)
    cpu.step(2)
    on_gpu, on_cpu = gpu.positions, cpu.positions
    assert on_gpu.shape == on_cpu.shape and on_gpu.shape[0] > 100
    assert np.max(np.linalg.norm(on_cpu - start, axis=1)) > 1e-3, "nothing moved"
    worst = np.max(np.linalg.norm(on_gpu - on_cpu, axis=1))
    assert worst < 1e-4, f"GPU and CPU differ by {worst} m"
    assert gpu.report()["systems"][0]["blow_up"] == ""
    assert gpu.validation_errors == 0
