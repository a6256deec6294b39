"""The app's runtime: the page's effects and the host that performs them, the
worker relay, the addresses, the data files and the self-check."""
