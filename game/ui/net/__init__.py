"""The network screens: host a table, join one."""
