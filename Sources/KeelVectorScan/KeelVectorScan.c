// Everything is in the headers, inline, but for the one global they share; SwiftPM needs a source file anyway.
#include "KeelVectorScan.h"

/// The count behind `keel_override_scopes_open` (KeelOverrideScopes.h).
long keel_override_scopes = 0;
