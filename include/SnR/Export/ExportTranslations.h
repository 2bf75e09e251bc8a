//===- ExportTranslations.h - Export translations ---------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// --snr-to-chakra: replays a module's snr.trace on the embedded machine and
// writes it as a Chakra execution trace (docs/exports.md).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_EXPORT_EXPORTTRANSLATIONS_H
#define SNR_EXPORT_EXPORTTRANSLATIONS_H

namespace snr {

void registerExportTranslations();

} // namespace snr

#endif // SNR_EXPORT_EXPORTTRANSLATIONS_H
