// The translation unit that builds the test suites' shared precompiled header (the headers are
// listed in tests/CMakeLists.txt); it defines nothing.
