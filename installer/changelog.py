#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Debian changelog of the package (usr/share/doc/rocepilot/changelog.gz, which Debian policy asks of a native
package), made from the <releases> of the AppStream metainfo: the release history is written once, there.

  changelog.py METAINFO VERSION MAINTAINER OUT.gz
"""
import datetime
import gzip
import sys
import textwrap
import xml.etree.ElementTree as ET


def main(metainfo, version, maintainer, out):
    releases = ET.parse(metainfo).getroot().findall("./releases/release")
    if not releases or releases[0].get("version") != version:
        newest = releases[0].get("version") if releases else "none"
        sys.exit(f"changelog.py: the newest release in {metainfo} is {newest}, the project is {version}: "
                 "add a <release> for it")
    entries = []
    for release in releases:
        date = datetime.datetime.strptime(release.get("date"), "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        items = []
        for node in release.iter():
            if node.tag in ("p", "li") and node.text and node.text.strip():
                text = " ".join(node.text.split())
                items.append(textwrap.fill(text, 76, initial_indent="  * ", subsequent_indent="    "))
        entries.append(f"rocepilot ({release.get('version')}) unstable; urgency=medium\n\n"
                       + ("\n".join(items) or "  * Release " + release.get("version")) + "\n\n"
                       + f" -- {maintainer}  {date.strftime('%a, %d %b %Y %H:%M:%S +0000')}\n")
    with open(out, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as gz:
            gz.write("\n".join(entries).encode())


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
