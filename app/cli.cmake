# rocepilot-cli
