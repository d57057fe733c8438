// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/fetch.sv (twin.h, vl_ports.h).
#include "Vfetch.h"
#include "cpu/fetch_if.h"
#include "vl_ports.h"

VL_TWIN(fetch, FETCH)
