// Everything is in the header, inline; SwiftPM needs one source file to build a C target.
#include "KeelVectorScan.h"
