// The source the tests' shared precompiled header is built from
// (tests/CMakeLists.txt, endsolve_test_pch): it has no code of its own.
