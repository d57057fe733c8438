// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/bus_arb.sv (twin.h, vl_ports.h).
#include "Vbus_arb.h"
#include "mem/bus_arb_if.h"
#include "vl_ports.h"

VL_TWIN(bus_arb, BUS_ARB)
