"""A variant described for people and clients: its document (``GET /v1/variants/{id}``) and a realistic example
request built from the variant's own card counts. The top layer: it reads the engine (to check its examples)."""
