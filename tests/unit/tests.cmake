# tests for unit
