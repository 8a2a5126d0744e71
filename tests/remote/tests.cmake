# tests for remote
