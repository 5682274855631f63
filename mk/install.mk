# Installation and the Debian package (docs/install.md), as GNU packages do it:
#   make install [PREFIX=/usr/local] [DESTDIR=]   tempo-sim, its man page, the kernel's headers
#                                                and sources, the BSP and linker scripts, the
#                                                examples, tempo.pc and the docs
#   make uninstall [PREFIX=...] [DESTDIR=]        removes what install put there
#   make deb                                      build/deb/tempo_VERSION_ARCH.deb (dpkg-deb)
# The firmware side (kernel/, port/, bsp/, include/, freertos/board/, examples/) goes to
# $(datadir)/tempo with the layout of this tree, so an application's Makefile uses it as its
# TEMPO; it is cross-compiled into each application, so nothing goes to $(includedir) or
# $(libdir) of the host.  tempo.pc goes to $(datadir)/pkgconfig: it describes no host library.
PREFIX      ?= /usr/local
prefix      ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir      ?= $(exec_prefix)/bin
datarootdir ?= $(prefix)/share
datadir     ?= $(datarootdir)
mandir      ?= $(datarootdir)/man
man1dir     ?= $(mandir)/man1
docdir      ?= $(datarootdir)/doc/tempo
pkgconfigdir ?= $(datadir)/pkgconfig
tempodir    := $(datadir)/tempo
INSTALL     ?= install
INSTALL_PROGRAM ?= $(INSTALL)
INSTALL_DATA ?= $(INSTALL) -m 644

# One version for the package, tempo.pc and the page: a snapshot of this tree's commit
# (Debian's spelling for a release-less snapshot: 0~gitDATE.HASH).
TEMPO_VERSION ?= $(shell git log -1 --format='0~git%cd.%h' --date=format:%Y%m%d 2>/dev/null || echo 0~unknown)

# The installed files, by directory of this tree (each copied to $(tempodir)/<its path>).
INSTALL_TREE := $(wildcard kernel/*.c kernel/*.h kernel/include/*.h port/riscv/*.c \
                  port/riscv/*.h port/riscv/*.S port/riscv/*.sh bsp/common/* bsp/*/link.ld include/riscv/*.h \
                  freertos/board/*.c freertos/board/*.h freertos/board/libc/*.h \
                  $(foreach e,$(wildcard examples/*),$(e)/Makefile $(wildcard $(e)/*.c $(e)/*.h)))
INSTALL_DOCS := README.md $(wildcard docs/*.md)
MAN_PAGE := $(BUILD)/man/tempo-sim.1
PC_FILE  := $(BUILD)/pkgconfig/tempo.pc

# tempo.pc's directories relative to ${prefix} where they are under it, so that
# pkg-config --define-variable=prefix=... moves them all (a scratch root, a relocated tree)
pc_rel = $(patsubst $(prefix)/%,$${prefix}/%,$(1))

.PHONY: man install uninstall deb
man: $(MAN_PAGE)
$(MAN_PAGE): $(SIM) tools/manpage.py
	@mkdir -p $(@D)
	@tools/manpage.py $(SIM) > $@.tmp && mv $@.tmp $@

# Rebuilt every time: PREFIX and the directories are make variables, not files.
$(PC_FILE): packaging/tempo.pc.in FORCE
	@mkdir -p $(@D)
	@sed -e 's|@prefix@|$(prefix)|' -e 's|@bindir@|$(call pc_rel,$(bindir))|' \
	     -e 's|@datarootdir@|$(call pc_rel,$(datarootdir))|' \
	     -e 's|@tempodir@|$(call pc_rel,$(tempodir))|' -e 's|@version@|$(TEMPO_VERSION)|' $< > $@

install: $(SIM) $(MAN_PAGE) $(PC_FILE)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(pkgconfigdir) \
	    $(DESTDIR)$(docdir)/docs
	$(INSTALL_PROGRAM) $(SIM) $(DESTDIR)$(bindir)/tempo-sim
	$(INSTALL_DATA) $(MAN_PAGE) $(DESTDIR)$(man1dir)/tempo-sim.1
	$(INSTALL_DATA) $(PC_FILE) $(DESTDIR)$(pkgconfigdir)/tempo.pc
	@for f in $(INSTALL_TREE); do \
	  $(INSTALL) -d "$(DESTDIR)$(tempodir)/$$(dirname $$f)" && \
	  $(INSTALL_DATA) "$$f" "$(DESTDIR)$(tempodir)/$$f" || exit 1; \
	done
	@echo "installed $(words $(INSTALL_TREE)) files of the kernel, port, BSP and examples in $(DESTDIR)$(tempodir)"
	$(INSTALL_DATA) README.md $(DESTDIR)$(docdir)/README.md
	$(INSTALL_DATA) $(wildcard docs/*.md) $(DESTDIR)$(docdir)/docs/

uninstall:
	rm -f $(DESTDIR)$(bindir)/tempo-sim $(DESTDIR)$(man1dir)/tempo-sim.1 \
	    $(DESTDIR)$(pkgconfigdir)/tempo.pc
	rm -rf $(DESTDIR)$(tempodir) $(DESTDIR)$(docdir)

# The Debian package: the install above with PREFIX=/usr in a staging root, the man page
# compressed and the binary stripped as Debian policy asks, built by dpkg-deb (dpkg, always
# on Debian) with root as the owner of every file.
DEB_DIR  := $(BUILD)/deb
DEB_ROOT := $(DEB_DIR)/root
DEB_ARCH  = $(shell dpkg --print-architecture 2>/dev/null)
DEB_FILE  = $(DEB_DIR)/tempo_$(TEMPO_VERSION)_$(DEB_ARCH).deb
DEB_MAINTAINER ?= $(shell git log -1 --format='%an <%ae>' 2>/dev/null)
deb: $(SIM) $(MAN_PAGE)
	@command -v dpkg-deb >/dev/null || { echo "deb: dpkg-deb not found (Debian's dpkg)"; exit 1; }
	@rm -rf $(DEB_ROOT) $(DEB_DIR)/*.deb
	@$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr \
	    prefix=/usr > $(DEB_DIR).install.log 2>&1 || { cat $(DEB_DIR).install.log; exit 1; }
	@strip --strip-unneeded --remove-section=.comment --remove-section=.note $(DEB_ROOT)/usr/bin/tempo-sim
	@gzip -9n $(DEB_ROOT)/usr/share/man/man1/tempo-sim.1
	@sed -e 's|@version@|$(TEMPO_VERSION)|' packaging/debian/copyright.in \
	    > $(DEB_ROOT)/usr/share/doc/tempo/copyright
	@mkdir -p $(DEB_ROOT)/DEBIAN
	@cd $(DEB_ROOT) && find usr -type f -printf '%P\n' | sort | sed 's|^|usr/|' | \
	    xargs md5sum > DEBIAN/md5sums
	@sed -e 's|@version@|$(TEMPO_VERSION)|' -e 's|@arch@|$(DEB_ARCH)|' \
	     -e "s|@size@|$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)|" \
	     -e "s|@depends@|$$(tools/deb-depends.sh $(DEB_ROOT)/usr/bin/tempo-sim)|" \
	     -e 's|@maintainer@|$(or $(DEB_MAINTAINER),Tempo <tempo@localhost>)|' \
	     packaging/debian/control.in > $(DEB_ROOT)/DEBIAN/control
	@dpkg-deb --root-owner-group --build $(DEB_ROOT) $(DEB_FILE) >/dev/null
	@echo "$(DEB_FILE)"

# make test: the man page against --help; make install DESTDIR=... PREFIX=/usr and an
# example built from the installed tree through tempo.pc; the Debian package installed into
# a scratch root with dpkg, an example built and run against it, and removed.
.PHONY: test-install-man test-install test-deb
test-install-man: $(MAN_PAGE)
	@tools/check.sh install-man tools/manpage.py $(SIM) --check $(MAN_PAGE)
test-install: $(SIM) $(MAN_PAGE)
	@tools/check.sh install tests/install/install-test.sh install $(BUILD)/install-test
test-deb: $(SIM) $(MAN_PAGE)
	@tools/check.sh deb tests/install/install-test.sh deb $(BUILD)/deb-test
TEST_TARGETS += test-install-man test-install test-deb
