// The translation unit that rp_test_pch_core and rp_test_pch_gui (tests/CMakeLists.txt) build their
// precompiled headers with; the tests reuse those headers, and this file adds no code of its own.
