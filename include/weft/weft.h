// weft's library: read a scene, simulate it on the CPU reference (or the GPU, weft/gpu.h), read
// its state and report, export it. find_package(weft CONFIG): weft::weft, weft::weft_gpu.
#pragma once

#include "weft/error.h"
#include "weft/report.h"
#include "weft/scene.h"
#include "weft/simulation.h"
