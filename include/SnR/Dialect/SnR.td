//===- SnR.td - The SnR dialect, umbrella ------------------*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNR_TD
#define SNR_DIALECT_SNR_TD

include "SnR/Dialect/SnRDialect.td"
include "SnR/Dialect/SnRAttrs.td"
include "SnR/Dialect/SnRInterfaces.td"
include "SnR/Dialect/SnROps.td"

#endif // SNR_DIALECT_SNR_TD
