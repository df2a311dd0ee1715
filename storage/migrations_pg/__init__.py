"""PostgreSQL migrations, numbered apart from SQLite's (``storage/migrations``)."""
