# Tests of the test tooling itself (tools/): the JUnit XML that make test writes for CI.
.PHONY: test-tools-junit
test-tools-junit:
	@tools/check.sh tools-junit tests/tools/junit-test.sh
TEST_TARGETS += test-tools-junit

# The whole tree carries no reference outside the repository and no work-item number, and
# its docs/ references resolve.
.PHONY: test-tools-references
test-tools-references:
	@tools/check.sh repo-references tests/tools/references.sh
TEST_TARGETS += test-tools-references
