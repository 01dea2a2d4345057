// Ctrl-C (SIGINT) and SIGTERM during `weft run`. The first signal asks the run to stop: the frame
// loop ends after the frames already under way, a write in progress is abandoned (its temporary
// file removed), the summary of the frames done is printed, and weft exits with 128 + the signal
// (130 for SIGINT, 143 for SIGTERM). A second signal does not wait: it removes the temporary
// files at once and exits with the same code.
#pragma once

#include <string>

namespace weft {

// Installs the handlers (without SA_RESTART, so that a blocked write or open returns and sees
// the request) and ignores SIGPIPE and SIGXFSZ, so that a closed pipe or a file-size limit is a
// write error with a message rather than a silent death.
void install_interrupt_handlers();

// The signal that asked weft to stop, or 0.
int interrupt_signal();
inline bool interrupt_requested() {
  return interrupt_signal() != 0;
}
// "SIGINT", "SIGTERM".
const char* interrupt_signal_name(int signal);

// A temporary file for the span of one write, known to the signal handler so that a second
// signal can remove it (a handler cannot run destructors). Removing the file on the ordinary
// paths stays the owner's job; the guard only forgets it.
class TemporaryFileRecord {
 public:
  explicit TemporaryFileRecord(const std::string& path);
  ~TemporaryFileRecord();
  TemporaryFileRecord(const TemporaryFileRecord&) = delete;
  TemporaryFileRecord& operator=(const TemporaryFileRecord&) = delete;

 private:
  int slot_ = -1;  // -1: more temporary files at once than slots (none in weft), not recorded
};

}  // namespace weft
