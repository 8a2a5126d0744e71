# Saved runs (core/run): the streamed run file and its reader, a run's summary and checks, the CSV/JSON tables.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/run.h
    ${CMAKE_CURRENT_LIST_DIR}/runfile.cpp
    ${CMAKE_CURRENT_LIST_DIR}/summary.h
    ${CMAKE_CURRENT_LIST_DIR}/summary.cpp
    ${CMAKE_CURRENT_LIST_DIR}/checks.h
    ${CMAKE_CURRENT_LIST_DIR}/checks.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tables.h
    ${CMAKE_CURRENT_LIST_DIR}/tables.cpp)
# The GUI's test runner (one pair with counters, saved as it goes) and the pair schedules.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/runner.h
    ${CMAKE_CURRENT_LIST_DIR}/runner.cpp)
