#include "app/export/interrupt.h"

#include <atomic>
#include <csignal>
#include <cstring>

#include <unistd.h>

namespace weft {

namespace {

volatile std::sig_atomic_t g_signal = 0;

// Fixed storage that the handler reads without allocating: one write at a time is in progress,
// so a few slots are plenty.
constexpr int kSlots = 8;
constexpr size_t kPathBytes = 4096;
struct Slot {
  std::atomic<bool> used{false};
  char path[kPathBytes] = {};
};
Slot g_slots[kSlots];

void write_stderr(const char* text) {
  const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

void remove_temporary_files_now() {
  for (Slot& slot : g_slots) {
    if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path);
  }
}

extern "C" void on_interrupt(int signal) {
  if (g_signal != 0) {
    // The second request: the user does not want to wait for the frames under way.
    remove_temporary_files_now();
    write_stderr("\nweft: stopped at once\n");
    ::_exit(128 + signal);
  }
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
    if (g_slots[i].used.load(std::memory_order_acquire)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].used.store(true, std::memory_order_release);
    slot_ = i;
    return;
  }
}

TemporaryFileRecord::~TemporaryFileRecord() {
  if (slot_ >= 0) g_slots[slot_].used.store(false, std::memory_order_release);
}

}  // namespace weft
