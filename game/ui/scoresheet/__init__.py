"""The score sheet drawn as a paper pad over the table: rows, layout, paint and ink."""
