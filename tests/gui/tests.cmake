# tests for gui
