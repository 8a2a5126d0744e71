# The troubleshooter: every rule broken and fixed (tst_diagnose), the fragment importer (tst_fragments).
rp_add_test(tst_diagnose SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_diagnose.cpp LABELS unit)
rp_add_test(tst_fragments SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_fragments.cpp LABELS unit)
