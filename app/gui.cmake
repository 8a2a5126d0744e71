# rocepilot GUI
