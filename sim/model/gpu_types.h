// The shader-shared structs (shaders/shared_types.h) as C++ types in namespace weft::gpu.
#pragma once

#include "shaders/shared_types.h"
