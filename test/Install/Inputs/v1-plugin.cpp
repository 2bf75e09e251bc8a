// A plugin of analysis plugin API version 1, whose entry point was
// snrGetAnalysisPluginInfo: snr-replay refuses it without calling it.
extern "C" int snrGetAnalysisPluginInfo() { return 1; }
