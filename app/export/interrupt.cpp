#include "app/export/interrupt.h"

#include <atomic>
#include <csignal>
#include <cstring>

#include <unistd.h>

namespace weft {

namespace {

volatile std::sig_atomic_t g_signal = 0;
volatile std::sig_atomic_t g_stop_on_request = 0;

// Fixed storage that the handler reads without allocating: a few writes at a time (a saved
// scene and its meshes) are in progress at most.
constexpr int kSlots = 16;
constexpr size_t kPathBytes = 4096;
enum SlotState : int { kFree, kClaimed, kRecorded };
struct Slot {
  std::atomic<int> state{kFree};
  char path[kPathBytes] = {};
};
Slot g_slots[kSlots];

constexpr int kChildSlots = 4;
std::atomic<pid_t> g_children[kChildSlots];

void write_stderr(const char* text) {
  const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

// Async-signal-safe: unlink, kill and _exit only.
[[noreturn]] void stop_at_once(int signal) {
  for (Slot& slot : g_slots) {
    if (slot.state.load(std::memory_order_acquire) == kRecorded) ::unlink(slot.path);
  }
  for (std::atomic<pid_t>& child : g_children) {
    const pid_t pid = child.load(std::memory_order_acquire);
    if (pid > 0) ::kill(pid, SIGKILL);
  }
  write_stderr(signal == SIGINT    ? "\nweft: stopped at once by SIGINT\n"
               : signal == SIGTERM ? "\nweft: stopped at once by SIGTERM\n"
                                   : "\nweft: stopped at once\n");
  ::_exit(128 + signal);
}

extern "C" void on_interrupt(int signal) {
  // The second request, or one where there is nothing to finish: the user does not want to wait.
  if (g_signal != 0 || !g_stop_on_request) stop_at_once(signal);
  g_signal = signal;
  write_stderr("\nweft: stopping after the frames under way (signal again to stop at once)\n");
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked write returns EINTR and sees the request
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);  // a file-size limit (ulimit -f) is then EFBIG: a write error
}

void stop_on_request() {
  g_stop_on_request = 1;
}

int interrupt_signal() {
  return g_signal;
}

const char* interrupt_signal_name(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
  }
  return "a signal";
}

TemporaryFileRecord::TemporaryFileRecord(const std::string& path) {
  if (path.size() >= kPathBytes) return;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_slots[i].state.compare_exchange_strong(expected, kClaimed, std::memory_order_acq_rel)) {
      continue;
    }
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].state.store(kRecorded, std::memory_order_release);
    slot_ = i;
    return;
  }
}

TemporaryFileRecord::~TemporaryFileRecord() {
  if (slot_ >= 0) g_slots[slot_].state.store(kFree, std::memory_order_release);
}

ChildProcessRecord::ChildProcessRecord(pid_t pid) {
  for (int i = 0; i < kChildSlots; ++i) {
    pid_t expected = 0;
    if (g_children[i].compare_exchange_strong(expected, pid, std::memory_order_acq_rel)) {
      slot_ = i;
      return;
    }
  }
}

ChildProcessRecord::~ChildProcessRecord() {
  if (slot_ >= 0) g_children[slot_].store(0, std::memory_order_release);
}

}  // namespace weft
