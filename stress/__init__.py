"""Long checks (``make stress``): each module's ``main()`` starts what it needs, runs bounded, prints a Markdown
section of figures and returns 0 on pass; ``python -m stress`` runs them all and writes ``stress/REPORT.md``."""
