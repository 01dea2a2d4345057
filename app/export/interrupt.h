// Ctrl-C (SIGINT) and SIGTERM, in every command of weft. Until a command says it can stop
// cleanly, a signal ends weft at once: loading a scene, building its solvers or measuring a bench
// leaves nothing to finish, so the temporary files (temporary_file.h) are removed, a child process
// (ffmpeg) is killed, and weft exits with 128 + the signal (130 for SIGINT, 143 for SIGTERM).
// Where a command can stop cleanly (the frame loop of `weft run`, the viewer's window), the first
// signal only asks it to: the frame loop ends after the frames under way, a write in progress is
// abandoned (its temporary file removed), and the summary of the frames done is printed. A second
// signal does not wait: it ends weft at once, as above.
#pragma once

#include <string>

#include <sys/types.h>

namespace weft {

// Installs the handlers (without SA_RESTART, so that a blocked write or open returns and sees
// the request) and ignores SIGPIPE and SIGXFSZ, so that a closed pipe or a file-size limit is a
// write error with a message rather than a silent death. Signals end weft at once from here on.
void install_interrupt_handlers();

// From here on the first signal asks the command to stop (it looks at interrupt_requested()).
void stop_on_request();

// The signal that asked weft to stop, or 0.
int interrupt_signal();
inline bool interrupt_requested() {
  return interrupt_signal() != 0;
}
// "SIGINT", "SIGTERM".
const char* interrupt_signal_name(int signal);

// A temporary file for the span of one write, known to the signal handler so that a signal that
// ends weft at once can remove it (a handler cannot run destructors). Removing the file on the
// ordinary paths stays the owner's job; the guard only forgets it.
class TemporaryFileRecord {
 public:
  explicit TemporaryFileRecord(const std::string& path);
  ~TemporaryFileRecord();
  TemporaryFileRecord(const TemporaryFileRecord&) = delete;
  TemporaryFileRecord& operator=(const TemporaryFileRecord&) = delete;

 private:
  int slot_ = -1;  // -1: more temporary files at once than slots (none in weft), not recorded
};

// A child process (ffmpeg) for its lifetime, killed by a signal that ends weft at once.
class ChildProcessRecord {
 public:
  explicit ChildProcessRecord(pid_t pid);
  ~ChildProcessRecord();
  ChildProcessRecord(const ChildProcessRecord&) = delete;
  ChildProcessRecord& operator=(const ChildProcessRecord&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace weft
