# tests for parse
