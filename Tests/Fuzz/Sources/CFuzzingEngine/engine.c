/* The header is the whole of this target: a C target needs a source file to be built. */
#include "CFuzzingEngine.h"
