// The one way weft includes Vulkan: through volk, which loads the loader at run time.
#pragma once

#include <volk.h>
