// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/l1i.sv (twin.h, vl_ports.h).
#include "Vl1i.h"
#include "mem/l1i_if.h"
#include "vl_ports.h"

VL_TWIN(l1i, L1I)
