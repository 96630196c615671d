"""These scenarios need cards with every face: tests/test_faces.py runs them with the fixture."""

collect_ignore_glob = ["*.scenario"]
