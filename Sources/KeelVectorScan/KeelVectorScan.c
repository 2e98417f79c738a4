// Everything is in the headers, inline, but for the one global they share; SwiftPM needs a source file anyway.
#include "KeelVectorScan.h"

/// The count behind `keel_override_scopes_open` (KeelOverrideScopes.h). Without debug information: the
/// DWARF 5 that clang writes for a variable is more than valgrind 3.19 can read, and the growth tests run
/// the workloads under callgrind.
__attribute__((nodebug)) long keel_override_scopes = 0;

/// The per-thread message behind `keel_defaulted_read_take` (KeelDefaultedRead.h); without debug information
/// for the same reason.
__attribute__((nodebug)) _Thread_local int keel_defaulted_read_message = 0;
