# Two commands do all the set-up on a fresh machine (Python 3.11 and make are enough):
#   make demo   install, then rewrite a copy of corpus/ and show what changed
#   make test   install (TF 2.21, and TF 2.15 + Estimator for the legacy tests), run every test
PYTHON ?= python3
VENV := .venv
VENV215 := .venv-tf215
DEMO := demo-output

.PHONY: demo test install clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet "tensorflow-cpu==2.21.*" -e ".[test]" pre-commit
	touch $@

$(VENV215)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV215)
	$(VENV215)/bin/pip install --quiet --upgrade pip
	$(VENV215)/bin/pip install --quiet "tensorflow-cpu==2.15.1" "tensorflow-estimator==2.15.0" "tf-slim==1.1.0" -e ".[test]"
	touch $@

install: $(VENV)/.installed

demo: $(VENV)/.installed
	rm -rf $(DEMO) && mkdir -p $(DEMO)
	for case in corpus/*/; do cp "$$case/before.py" "$(DEMO)/$$(basename $$case).py"; done
	cp -r $(DEMO) $(DEMO).orig
	$(VENV)/bin/tfmigrate rewrite $(DEMO) || [ $$? -eq 1 ]
	diff -ru $(DEMO).orig $(DEMO) | head -n 80 || true
	rm -rf $(DEMO).orig
	@echo "Rewritten copies are in $(DEMO)/; run again to see that nothing changes:"
	$(VENV)/bin/tfmigrate rewrite --check $(DEMO) >/dev/null || [ $$? -eq 1 ]

test: $(VENV)/.installed $(VENV215)/.installed
	$(VENV)/bin/python -m pytest --ignore=tests/legacy
	TFMIGRATE_TF221_PYTHON=$(CURDIR)/$(VENV)/bin/python $(VENV215)/bin/python -m pytest tests/legacy

clean:
	rm -rf $(VENV) $(VENV215) $(DEMO) $(DEMO).orig
