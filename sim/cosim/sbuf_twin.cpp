// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/sbuf.sv (twin.h, vl_ports.h).
#include "Vsbuf.h"
#include "mem/sbuf_if.h"
#include "vl_ports.h"

VL_TWIN(sbuf, SBUF)
