"""The helpers every view draws with: the escaping HTML builder, the shared widgets,
the charts, players' names and the pieces of the rules pages."""
