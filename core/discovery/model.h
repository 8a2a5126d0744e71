// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The value types moved to core/model (below both parse and discovery); this header keeps old includes working.
#include "model/model.h"
