<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ReportPdf</name>
    <message>
        <source>RoCE Pilot test report</source>
        <translation>RoCE-Pilot-Testbericht</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>... (%1 more lines in the run file)</source>
        <translation>... (%1 weitere Zeilen in der Laufdatei)</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <source>time since the run started (s)</source>
        <translation>Zeit seit Start des Laufs (s)</translation>
    </message>
    <message>
        <source>message size (bytes, log scale)</source>
        <translation>Nachrichtengröße (Bytes, log. Skala)</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>BESTANDEN</translation>
    </message>
    <message>
        <source>PASS with warnings</source>
        <translation>OK mit Warnungen</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>not judged</source>
        <translation>nicht bewertet</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>Every check passed or had nothing to judge (details below).</source>
        <translation>Jede Prüfung ist bestanden oder hatte nichts zu bewerten (Details unten).</translation>
    </message>
    <message numerus="yes">
        <source>%n check(s) failed: %1</source>
        <translation>
            <numerusform>%n Prüfung fehlgeschlagen: %1</numerusform>
            <numerusform>%n Prüfungen fehlgeschlagen: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): %1</source>
        <translation>
            <numerusform>%n Warnung: %1</numerusform>
            <numerusform>%n Warnungen: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>What was seen</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Checks over the %1 runs</source>
        <translation>Prüfungen über die %1 Läufe</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>Topologie</translation>
    </message>
    <message>
        <source>GID %1 on %2</source>
        <translation>GID %1 auf %2</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>an %1</translation>
    </message>
    <message>
        <source>, ToS %1</source>
        <translation>, ToS %1</translation>
    </message>
    <message>
        <source>The switches between the hosts are not part of the run; the troubleshooter&apos;s findings (when given) cover what it read from them.</source>
        <translation>Die Switches zwischen den Hosts sind nicht Teil des Laufs; die Befunde der Fehlersuche (falls angegeben) decken ab, was sie von ihnen gelesen hat.</translation>
    </message>
    <message>
        <source>, RoCE MTU %1</source>
        <translation>, RoCE-MTU %1</translation>
    </message>
    <message>
        <source>, fw %1</source>
        <translation>, FW %1</translation>
    </message>
    <message>
        <source>off on every priority</source>
        <translation>auf jeder Priorität aus</translation>
    </message>
    <message>
        <source>on for %1</source>
        <translation>an für %1</translation>
    </message>
    <message>
        <source>Host configuration (discovered at the start of the run)</source>
        <translation>Host-Konfiguration (zu Beginn des Laufs ermittelt)</translation>
    </message>
    <message>
        <source>Discovery found no RDMA port on these hosts (a TCP run).</source>
        <translation>Die Ermittlung fand keinen RDMA-Port auf diesen Hosts (ein TCP-Lauf).</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Netdev</source>
        <translation>Netdev</translation>
    </message>
    <message>
        <source>RDMA port</source>
        <translation>RDMA-Port</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>PFC</source>
        <translation>PFC</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Trust</translation>
    </message>
    <message>
        <source>DCBX</source>
        <translation>DCBX</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Auffälligkeiten</translation>
    </message>
    <message>
        <source>%1 rose from %2 s on (%3 in all)</source>
        <translation>%1 stieg ab %2 s (insgesamt %3)</translation>
    </message>
    <message>
        <source>%1 s (%2 µs at %3)</source>
        <translation>%1 s (%2 µs bei %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n interval(s) of 100 ms with p99 over 10x the median p50: %1</source>
        <translation>
            <numerusform>%n Intervall von 100 ms mit p99 über dem 10-Fachen des Median-p50: %1</numerusform>
            <numerusform>%n Intervalle von 100 ms mit p99 über dem 10-Fachen des Median-p50: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>, …</source>
        <translation>, …</translation>
    </message>
    <message>
        <source>None seen: the run file is complete, no loss, retransmission or pause counter rose, and no 100 ms interval had a p99 above 10x the median p50.</source>
        <translation>Keine gesehen: Die Laufdatei ist vollständig, kein Verlust-, Neuübertragungs- oder Pausenzähler stieg, und kein 100-ms-Intervall hatte ein p99 über dem 10-Fachen des Median-p50.</translation>
    </message>
    <message>
        <source>Verdict and what to do: %1</source>
        <translation>Urteil und was zu tun ist: %1</translation>
    </message>
    <message>
        <source>Seen: %1.</source>
        <translation>Beobachtet: %1.</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>Was zu tun ist: %1</translation>
    </message>
    <message>
        <source>Nothing to do: every check passed or had nothing to judge.</source>
        <translation>Nichts zu tun: Jede Prüfung ist bestanden oder hatte nichts zu bewerten.</translation>
    </message>
    <message>
        <source>Commands that repeat this test</source>
        <translation>Befehle, die diesen Test wiederholen</translation>
    </message>
    <message>
        <source>RoCE Pilot (the same engine, samples and counters):</source>
        <translation>RoCE Pilot (dieselbe Engine, Messwerte und Zähler):</translation>
    </message>
    <message>
        <source>perftest, by hand (server first, then the client; one pair per size):</source>
        <translation>perftest, von Hand (zuerst der Server, dann der Client; ein Paar je Größe):</translation>
    </message>
    <message>
        <source># ... sizes %1 to %2: the same with -s changed</source>
        <translation># ... Größen %1 bis %2: dasselbe mit geändertem -s</translation>
    </message>
    <message>
        <source>%1$ %2</source>
        <translation>%1$ %2</translation>
    </message>
    <message>
        <source>All pairs: one-way p99 latency (client → server)</source>
        <translation>Alle Paare: Einweg-p99-Latenz (Client → Server)</translation>
    </message>
    <message>
        <source>All pairs: peak throughput (client → server)</source>
        <translation>Alle Paare: Spitzendurchsatz (Client → Server)</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>Rows are the client, columns the server; %1 at the smallest size of each run. A dark frame marks a pair whose checks failed. Grey: not measured.</source>
        <translation>Zeilen sind der Client, Spalten der Server; %1 bei der kleinsten Größe jedes Laufs. Ein dunkler Rahmen markiert ein Paar mit fehlgeschlagenen Prüfungen. Grau: nicht gemessen.</translation>
    </message>
    <message>
        <source>one-way p99 latency</source>
        <translation>Einweg-p99-Latenz</translation>
    </message>
    <message>
        <source>peak throughput</source>
        <translation>Spitzendurchsatz</translation>
    </message>
    <message>
        <source>The worst pairs</source>
        <translation>Die schlechtesten Paare</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Client → server</source>
        <translation>Client → Server</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>p50 µs</source>
        <translation>p50 µs</translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation>p99 µs</translation>
    </message>
    <message>
        <source>Peak Gb/s</source>
        <translation>Spitze Gb/s</translation>
    </message>
    <message>
        <source>Alarm events</source>
        <translation>Alarmereignisse</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Worst first: failed checks, then alarm counter events (loss, retransmissions, pauses), then %1.</source>
        <translation>Schlechteste zuerst: fehlgeschlagene Prüfungen, dann Alarmzähler-Ereignisse (Verlust, Neuübertragungen, Pausen), dann %1.</translation>
    </message>
    <message>
        <source>the highest p99</source>
        <translation>das höchste p99</translation>
    </message>
    <message>
        <source>the lowest throughput</source>
        <translation>der niedrigste Durchsatz</translation>
    </message>
    <message>
        <source>RoCE performance test report</source>
        <translation>RoCE-Leistungstestbericht</translation>
    </message>
    <message>
        <source>One test run, started %1 (UTC).</source>
        <translation>Ein Testlauf, gestartet %1 (UTC).</translation>
    </message>
    <message>
        <source>%1 test runs compared, the first started %2 (UTC).</source>
        <translation>%1 Testläufe verglichen, der erste gestartet %2 (UTC).</translation>
    </message>
    <message>
        <source>Site: %1</source>
        <translation>Standort: %1</translation>
    </message>
    <message>
        <source>Operator: %1</source>
        <translation>Bediener: %1</translation>
    </message>
    <message>
        <source>RoCE Pilot %1</source>
        <translation>RoCE Pilot %1</translation>
    </message>
    <message>
        <source>%1 runs between %2 hosts; %3 of them failed a check. The table below has one line per run; the pair matrix and the worst pairs follow the per-run pages.</source>
        <translation>%1 Läufe zwischen %2 Hosts; %3 davon haben eine Prüfung nicht bestanden. Die Tabelle unten hat eine Zeile je Lauf; die Paarmatrix und die schlechtesten Paare folgen nach den Seiten der einzelnen Läufe.</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>At a glance</source>
        <translation>Auf einen Blick</translation>
    </message>
    <message>
        <source>%1 runs: see the pair matrix and the worst pairs on the next page.</source>
        <translation>%1 Läufe: siehe Paarmatrix und schlechteste Paare auf der nächsten Seite.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>Größen</translation>
    </message>
    <message>
        <source>p50 / p99 µs</source>
        <translation>p50 / p99 µs</translation>
    </message>
    <message>
        <source>Latency: one-way (half the round trip) at the smallest size. Throughput: payload in Gb/s (10^9 bits per second).</source>
        <translation>Latenz: Einweg (die Hälfte des Round-Trips) bei der kleinsten Größe. Durchsatz: Nutzdaten in Gb/s (10^9 Bit pro Sekunde).</translation>
    </message>
    <message>
        <source>Environment: %1</source>
        <translation>Umgebung: %1</translation>
    </message>
    <message>
        <source>Hosts and devices</source>
        <translation>Hosts und Geräte</translation>
    </message>
    <message>
        <source>none (TCP)</source>
        <translation>keine (TCP)</translation>
    </message>
    <message>
        <source>chosen by rdma_cm from the address</source>
        <translation>von rdma_cm anhand der Adresse gewählt</translation>
    </message>
    <message>
        <source>%1 index %2 (%3)</source>
        <translation>%1 Index %2 (%3)</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>keine gefunden</translation>
    </message>
    <message>
        <source>The run file records no host environment.</source>
        <translation>Die Laufdatei enthält keine Host-Umgebung.</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Hostname</source>
        <translation>Hostname</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>RDMA devices</source>
        <translation>RDMA-Geräte</translation>
    </message>
    <message>
        <source>GID used</source>
        <translation>Verwendete GID</translation>
    </message>
    <message>
        <source>%1 GID: %2</source>
        <translation>%1 GID: %2</translation>
    </message>
    <message>
        <source>Test configuration</source>
        <translation>Testkonfiguration</translation>
    </message>
    <message>
        <source>Transport, mode, operation</source>
        <translation>Transport, Modus, Operation</translation>
    </message>
    <message>
        <source>Message sizes</source>
        <translation>Nachrichtengrößen</translation>
    </message>
    <message>
        <source>Per size</source>
        <translation>Je Größe</translation>
    </message>
    <message>
        <source>%1 iterations</source>
        <translation>%1 Iterationen</translation>
    </message>
    <message>
        <source>%1 s (after %2 s warm-up)</source>
        <translation>%1 s (nach %2 s Aufwärmen)</translation>
    </message>
    <message>
        <source>Completions, depth, WRs per post, signal every</source>
        <translation>Completions, Tiefe, WRs pro Post, Signal alle</translation>
    </message>
    <message>
        <source>Inline, data check</source>
        <translation>Inline, Datenprüfung</translation>
    </message>
    <message>
        <source>inline</source>
        <translation>inline</translation>
    </message>
    <message>
        <source>not inline</source>
        <translation>nicht inline</translation>
    </message>
    <message>
        <source>every payload checked</source>
        <translation>jede Nutzlast geprüft</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>GID index, ToS</source>
        <translation>GID-Index, ToS</translation>
    </message>
    <message>
        <source>rdma_cm&apos;s choice</source>
        <translation>Wahl von rdma_cm</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Server, client, data address</source>
        <translation>Server, Client, Datenadresse</translation>
    </message>
    <message>
        <source>Started, ended</source>
        <translation>Gestartet, beendet</translation>
    </message>
    <message>
        <source>did not finish</source>
        <translation>nicht beendet</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>What was applied (journal)</source>
        <translation>Was angewendet wurde (Journal)</translation>
    </message>
    <message>
        <source>Charts: %1</source>
        <translation>Diagramme: %1</translation>
    </message>
    <message>
        <source>client, one-way p50</source>
        <translation>Client, Einweg-p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>client CPU</source>
        <translation>Client-CPU</translation>
    </message>
    <message>
        <source>server CPU</source>
        <translation>Server-CPU</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>no live samples (perftest reports only at the end of each size)</source>
        <translation>keine Live-Messwerte (perftest berichtet erst am Ende jeder Größe)</translation>
    </message>
    <message>
        <source>One-way latency (p50 and p99 of each 100 ms interval)</source>
        <translation>Einweg-Latenz (p50 und p99 jedes 100-ms-Intervalls)</translation>
    </message>
    <message>
        <source>µs (log scale)</source>
        <translation>µs (log. Skala)</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>blast mode measures throughput, not latency</source>
        <translation>der blast-Modus misst Durchsatz, keine Latenz</translation>
    </message>
    <message>
        <source>no live latency samples</source>
        <translation>keine Live-Latenzmesswerte</translation>
    </message>
    <message>
        <source>CPU of both sides (100% = one core)</source>
        <translation>CPU beider Seiten (100 % = ein Kern)</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>no live samples</source>
        <translation>keine Live-Messwerte</translation>
    </message>
    <message>
        <source>Host counters (rates, the busiest six)</source>
        <translation>Host-Zähler (Raten, die sechs aktivsten)</translation>
    </message>
    <message>
        <source>per second</source>
        <translation>pro Sekunde</translation>
    </message>
    <message>
        <source>no counters were sampled during this run</source>
        <translation>während dieses Laufs wurden keine Zähler erfasst</translation>
    </message>
    <message>
        <source>every sampled counter stayed at zero during the run (%1 samples)</source>
        <translation>jeder erfasste Zähler blieb während des Laufs bei null (%1 Messwerte)</translation>
    </message>
    <message>
        <source>Message size sweeps</source>
        <translation>Sweeps über die Nachrichtengröße</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>One-way latency vs message size</source>
        <translation>Einweg-Latenz über der Nachrichtengröße</translation>
    </message>
    <message>
        <source>blast runs measure no latency</source>
        <translation>blast-Läufe messen keine Latenz</translation>
    </message>
    <message>
        <source>Throughput vs message size</source>
        <translation>Durchsatz über der Nachrichtengröße</translation>
    </message>
    <message>
        <source>CPU vs message size (compare busy-poll and event runs side by side)</source>
        <translation>CPU über der Nachrichtengröße (vergleichen Sie Busy-Poll- und Ereignis-Läufe nebeneinander)</translation>
    </message>
    <message>
        <source>% of one core</source>
        <translation>% eines Kerns</translation>
    </message>
    <message>
        <source>CPU was not measured (perftest)</source>
        <translation>CPU wurde nicht gemessen (perftest)</translation>
    </message>
    <message>
        <source>Per-size results: %1</source>
        <translation>Ergebnisse je Größe: %1</translation>
    </message>
    <message>
        <source>No size completed.</source>
        <translation>Keine Größe abgeschlossen.</translation>
    </message>
    <message>
        <source>Mmsg/s</source>
        <translation>Mmsg/s</translation>
    </message>
    <message>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99.9</source>
        <translation>p99.9</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>CPU cli</source>
        <translation>CPU Cli</translation>
    </message>
    <message>
        <source>CPU srv</source>
        <translation>CPU Srv</translation>
    </message>
    <message>
        <source>CPU in % of one core. Latency columns: one-way µs over every message of the size (the engine&apos;s histogram, within 1/128 of the exact value); &apos;-&apos; where the back end does not measure it.</source>
        <translation>CPU in % eines Kerns. Latenzspalten: Einweg-µs über jede Nachricht der Größe (das Histogramm der Engine, auf 1/128 des exakten Werts genau); &apos;-&apos;, wo das Backend sie nicht misst.</translation>
    </message>
    <message>
        <source>Repeatability over the live samples (each 100 ms interval)</source>
        <translation>Wiederholbarkeit über die Live-Messwerte (jedes 100-ms-Intervall)</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Gb/s min</source>
        <translation>Gb/s min</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>CV</source>
        <translation>CV</translation>
    </message>
    <message>
        <source>p50 µs min</source>
        <translation>p50 µs min</translation>
    </message>
    <message>
        <source>CV: coefficient of variation (standard deviation / mean) of the 100 ms samples; the BMWG benchmarking drafts recommend below 5 % (* marks more).</source>
        <translation>CV: Variationskoeffizient (Standardabweichung / Mittelwert) der 100-ms-Messwerte; die BMWG-Benchmarking-Entwürfe empfehlen unter 5 % (* markiert mehr).</translation>
    </message>
    <message>
        <source>Host counters during the run</source>
        <translation>Host-Zähler während des Laufs</translation>
    </message>
    <message>
        <source> (alarm)</source>
        <translation> (Alarm)</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>total</source>
        <translation>gesamt</translation>
    </message>
    <message>
        <source>mean /s</source>
        <translation>Mittel /s</translation>
    </message>
    <message>
        <source>max /s</source>
        <translation>max /s</translation>
    </message>
    <message>
        <source>Alarm — %1: %2.</source>
        <translation>Alarm — %1: %2.</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>the profile changed</source>
        <translation>das Profil hat sich geändert</translation>
    </message>
    <message>
        <source>the applied configuration (journal) changed</source>
        <translation>die angewendete Konfiguration (Journal) hat sich geändert</translation>
    </message>
    <message>
        <source>A: %1 (%2)</source>
        <translation>A: %1 (%2)</translation>
    </message>
    <message>
        <source>B: %1 (%2)</source>
        <translation>B: %1 (%2)</translation>
    </message>
    <message>
        <source>Same settings, hosts, profile and configuration: the difference is the fabric or the hosts&apos; load at the time.</source>
        <translation>Gleiche Einstellungen, Hosts, Profil und Konfiguration: Der Unterschied liegt in der Fabric oder der Last der Hosts zu der Zeit.</translation>
    </message>
    <message>
        <source>What differs: %1.</source>
        <translation>Was sich unterscheidet: %1.</translation>
    </message>
    <message>
        <source>B&apos;s one-way p50 latency is %1 A&apos;s (%2)</source>
        <translation>Die Einweg-p50-Latenz von B ist %1 so hoch wie die von A (%2)</translation>
    </message>
    <message>
        <source>B is faster</source>
        <translation>B ist schneller</translation>
    </message>
    <message>
        <source>A is faster</source>
        <translation>A ist schneller</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>gemischt</translation>
    </message>
    <message>
        <source>its throughput %1 A&apos;s (%2)</source>
        <translation>ihr Durchsatz ist %1 so hoch wie der von A (%2)</translation>
    </message>
    <message>
        <source>B moves more</source>
        <translation>B überträgt mehr</translation>
    </message>
    <message>
        <source>A moves more</source>
        <translation>A überträgt mehr</translation>
    </message>
    <message>
        <source>p50 µs A</source>
        <translation>p50 µs A</translation>
    </message>
    <message>
        <source>p50 µs B</source>
        <translation>p50 µs B</translation>
    </message>
    <message>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
    <message>
        <source>p99 µs A</source>
        <translation>p99 µs A</translation>
    </message>
    <message>
        <source>p99 µs B</source>
        <translation>p99 µs B</translation>
    </message>
    <message>
        <source>Gb/s A</source>
        <translation>Gb/s A</translation>
    </message>
    <message>
        <source>Gb/s B</source>
        <translation>Gb/s B</translation>
    </message>
    <message>
        <source>Latency: lower is better (B/A below 1 = B faster). Throughput: higher is better. The size sweep charts draw both runs on the same axes.</source>
        <translation>Latenz: niedriger ist besser (B/A unter 1 = B schneller). Durchsatz: höher ist besser. Die Diagramme der Größen-Sweeps zeichnen beide Läufe auf denselben Achsen.</translation>
    </message>
    <message>
        <source>Findings of the troubleshooter</source>
        <translation>Befunde der Fehlersuche</translation>
    </message>
    <message>
        <source>The findings file is not a findings document; it is shown as it was given.</source>
        <translation>Die Befunddatei ist kein Befunddokument; sie wird so gezeigt, wie sie angegeben wurde.</translation>
    </message>
    <message>
        <source>The troubleshooter found nothing to report.</source>
        <translation>Die Fehlersuche hat nichts zu berichten gefunden.</translation>
    </message>
    <message>
        <source>Hosts: %1</source>
        <translation>Hosts: %1</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>Belege: %1</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>Was zu tun ist:</translation>
    </message>
    <message>
        <source>What to do on %1:</source>
        <translation>Was auf %1 zu tun ist:</translation>
    </message>
    <message>
        <source>The following pages give the details of these %1 worst pairs; every pair&apos;s numbers are in the attached summary CSV and JSON.</source>
        <translation>Die folgenden Seiten geben die Details dieser %1 schlechtesten Paare; die Zahlen jedes Paars stehen in der beigefügten Zusammenfassung als CSV und JSON.</translation>
    </message>
    <message>
        <source>RoCE fabric check report</source>
        <translation>RoCE-Fabric-Prüfbericht</translation>
    </message>
    <message>
        <source>RoCE Pilot fabric check report</source>
        <translation>RoCE-Pilot-Fabric-Prüfbericht</translation>
    </message>
    <message>
        <source>works</source>
        <translation>funktioniert</translation>
    </message>
    <message>
        <source>%1: a fabric %2 over %3, started %4 (UTC).</source>
        <translation>%1: Fabric-%2 über %3, gestartet %4 (UTC).</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>BEREIT</translation>
    </message>
    <message>
        <source>NOT READY</source>
        <translation>NICHT BEREIT</translation>
    </message>
    <message>
        <source>No finding was open at the end of the run and its last round failed no cell.</source>
        <translation>Am Ende des Laufs war kein Befund offen, und seine letzte Runde hatte keine fehlgeschlagene Zelle.</translation>
    </message>
    <message>
        <source>No round of the run finished: nothing to judge the fabric by.</source>
        <translation>Keine Runde des Laufs wurde beendet: nichts, woran die Fabric zu beurteilen wäre.</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) open at the end of the run</source>
        <translation>
            <numerusform>%n Befund am Ende des Laufs offen</numerusform>
            <numerusform>%n Befunde am Ende des Laufs offen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) failing in its last round</source>
        <translation>
            <numerusform>%n Zelle in der letzten Runde fehlgeschlagen</numerusform>
            <numerusform>%n Zellen in der letzten Runde fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>This run was cut short (the file ends mid-line or without its end line): the report covers what it kept, up to round %1.</source>
        <translation>Dieser Lauf wurde abgebrochen (die Datei endet mitten in einer Zeile oder ohne ihre Endzeile): der Bericht umfasst, was er enthält, bis Runde %1.</translation>
    </message>
    <message>
        <source>Open findings</source>
        <translation>Offene Befunde</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>Keine.</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>What was checked</source>
        <translation>Was geprüft wurde</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>ToRs</source>
        <translation>ToRs</translation>
    </message>
    <message>
        <source> (spine %1)</source>
        <translation> (Spine %1)</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>rdma: RDMA UD probes per GID, and UDP beside them</source>
        <translation>rdma: RDMA-UD-Proben je GID, daneben UDP</translation>
    </message>
    <message>
        <source>udp: UDP probes between the hosts&apos; data addresses</source>
        <translation>udp: UDP-Proben zwischen den Datenadressen der Hosts</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>Endpunkte</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>Runden</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Round length</source>
        <translation>Rundenlänge</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>%1 probes/s per target</source>
        <translation>%1 Proben/s je Ziel</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Zellen</translation>
    </message>
    <message>
        <source>%1 directed cells; %2 failed against expectation at least once</source>
        <translation>%1 gerichtete Zellen; %2 mindestens einmal unerwartet fehlgeschlagen</translation>
    </message>
    <message>
        <source>Inventory</source>
        <translation>Inventar</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>design</source>
        <translation>Absicht</translation>
    </message>
    <message>
        <source>ToR x ToR matrix</source>
        <translation>ToR-x-ToR-Matrix</translation>
    </message>
    <message>
        <source>Host x host matrix</source>
        <translation>Host-x-Host-Matrix</translation>
    </message>
    <message>
        <source>(no ToR)</source>
        <translation>(kein ToR)</translation>
    </message>
    <message>
        <source>from ToR</source>
        <translation>von ToR</translation>
    </message>
    <message>
        <source>from host</source>
        <translation>von Host</translation>
    </message>
    <message>
        <source>to ToR</source>
        <translation>zu ToR</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>zu Host</translation>
    </message>
    <message>
        <source>%1 hosts: each cell folds every cell between two ToRs (ToR-local on the diagonal).</source>
        <translation>%1 Hosts: jede Zelle fasst alle Zellen zwischen zwei ToRs zusammen (ToR-intern auf der Diagonale).</translation>
    </message>
    <message>
        <source>Each cell folds every GID and UDP cell between two hosts over the whole run (loopback on the diagonal).</source>
        <translation>Jede Zelle fasst alle GID- und UDP-Zellen zwischen zwei Hosts über den ganzen Lauf zusammen (Loopback auf der Diagonale).</translation>
    </message>
    <message>
        <source>Green: every cell expected to work worked. Orange to dark red: a cell failed against expectation, the darker the more of the probes were lost; the numbers are the loss in % and the highest rtt p99 in µs. Grey: only cells that fail by design. Light: not probed.</source>
        <translation>Grün: jede Zelle, die funktionieren sollte, funktionierte. Orange bis dunkelrot: eine Zelle schlug unerwartet fehl, je dunkler, desto mehr Proben gingen verloren; die Zahlen sind der Verlust in % und das höchste RTT-p99 in µs. Grau: nur absichtlich fehlschlagende Zellen. Hell: nicht geprüft.</translation>
    </message>
    <message>
        <source> (by design)</source>
        <translation> (absichtlich)</translation>
    </message>
    <message>
        <source>No pair was probed.</source>
        <translation>Kein Paar wurde geprüft.</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Zu</translation>
    </message>
    <message>
        <source>Loss %</source>
        <translation>Verlust %</translation>
    </message>
    <message>
        <source>Failed cells</source>
        <translation>Fehlgeschl. Zellen</translation>
    </message>
    <message>
        <source>Worst reason</source>
        <translation>Schlimmster Grund</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>The run raised no finding.</source>
        <translation>Der Lauf ergab keinen Befund.</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>open at the end of the run</source>
        <translation>am Ende des Laufs offen</translation>
    </message>
    <message>
        <source>cleared %1</source>
        <translation>behoben %1</translation>
    </message>
    <message>
        <source>Alternatives</source>
        <translation>Alternativen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>Zuerst gesehen</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Explained by</source>
        <translation>Erklärt durch</translation>
    </message>
    <message>
        <source>Evidence: host</source>
        <translation>Beleg: Host</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Fix on %1 (%2):</source>
        <translation>Behebung auf %1 (%2):</translation>
    </message>
    <message>
        <source>GID x GID matrices of the failing pairs</source>
        <translation>GID-x-GID-Matrizen der fehlschlagenden Paare</translation>
    </message>
    <message>
        <source>One matrix per directed host pair with a cell that failed against expectation: rows are the source&apos;s endpoints (device/port#GID index, or udp), columns the destination&apos;s. Each cell names its reason; grey cells fail by design (a RoCE v1 or link-local GID towards a v2 peer, another subnet) and are no fault.</source>
        <translation>Eine Matrix je gerichtetem Hostpaar mit einer unerwartet fehlgeschlagenen Zelle: Zeilen sind die Endpunkte der Quelle (Gerät/Port#GID-Index oder udp), Spalten die des Ziels. Jede Zelle nennt ihren Grund; graue Zellen schlagen absichtlich fehl (eine RoCE-v1- oder Link-Local-GID zu einem v2-Partner, ein anderes Subnetz) und sind kein Fehler.</translation>
    </message>
    <message>
        <source>%1 more failing pairs: every cell is in the cells CSV and the JSON.</source>
        <translation>%1 weitere fehlschlagende Paare: jede Zelle steht in der Zellen-CSV und im JSON.</translation>
    </message>
    <message>
        <source>by design</source>
        <translation>absichtlich</translation>
    </message>
    <message>
        <source>FAULT</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Failing pairs with one endpoint each</source>
        <translation>Fehlschlagende Paare mit je einem Endpunkt</translation>
    </message>
    <message>
        <source>%1 more such pairs: every cell is in the cells CSV and the JSON.</source>
        <translation>%1 weitere solche Paare: jede Zelle steht in der Zellen-CSV und im JSON.</translation>
    </message>
    <message>
        <source>What was probed</source>
        <translation>Was geprüft wurde (Proben)</translation>
    </message>
    <message>
        <source>The cells of the failing pairs, each as its probes went (source and destination endpoint, transport), then the endpoints they name: device, port, GID index and GID, address. The run records no ToS or traffic class: the probes used the transport&apos;s default. Every cell of the run is in the cells CSV and the JSON.</source>
        <translation>Die Zellen der fehlschlagenden Paare, jede so, wie ihre Proben liefen (Quell- und Zielendpunkt, Transport), dann die genannten Endpunkte: Gerät, Port, GID-Index und GID, Adresse. Der Lauf zeichnet kein ToS und keine Traffic Class auf: die Proben nutzten die Voreinstellung des Transports. Jede Zelle des Laufs steht in der Zellen-CSV und im JSON.</translation>
    </message>
    <message>
        <source>No cell failed against expectation.</source>
        <translation>Keine Zelle schlug unerwartet fehl.</translation>
    </message>
    <message>
        <source>%1 more cells of these pairs are in the cells CSV.</source>
        <translation>%1 weitere Zellen dieser Paare stehen in der Zellen-CSV.</translation>
    </message>
    <message>
        <source>Their endpoints</source>
        <translation>Ihre Endpunkte</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>GID index</source>
        <translation>GID-Index</translation>
    </message>
    <message>
        <source>GID</source>
        <translation>GID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Commands that repeat the failing cells</source>
        <translation>Befehle, die die fehlschlagenden Zellen wiederholen</translation>
    </message>
    <message>
        <source>Run them in the order given, on the host named (RDMA: ibv_ud_pingpong from libibverbs-utils, the destination first as the server; UDP: ping from the source address, since the agent&apos;s UDP port is not kept in the run).</source>
        <translation>In der angegebenen Reihenfolge auf dem genannten Host ausführen (RDMA: ibv_ud_pingpong aus libibverbs-utils, zuerst das Ziel als Server; UDP: ping von der Quelladresse, da der UDP-Port des Agenten nicht im Lauf steht).</translation>
    </message>
    <message>
        <source>%1 more failing cells: their commands are in the cells CSV.</source>
        <translation>%1 weitere fehlschlagende Zellen: ihre Befehle stehen in der Zellen-CSV.</translation>
    </message>
    <message>
        <source>each agent&apos;s own phase</source>
        <translation>die eigene Phase jedes Agenten</translation>
    </message>
    <message>
        <source>each agent&apos;s own</source>
        <translation>die jedes Agenten</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>prom: the standalone agents&apos; series, read from Prometheus</source>
        <translation>prom: die Zeitreihen der eigenständigen Agenten, aus Prometheus gelesen</translation>
    </message>
</context>
<context>
    <name>rp::ui::ApplyPage</name>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Apply the plan to the hosts it was made for. Every host is read afresh first; each step is read back after it runs; a journal keeps the state before the change, so every run can be rolled back. Start with a dry run to see what will change.</source>
        <translation>Wendet den Plan auf die Hosts an, für die er erstellt wurde. Jeder Host wird zuerst neu gelesen; jeder Schritt wird nach seiner Ausführung zurückgelesen; ein Journal hält den Zustand vor der Änderung fest, sodass jeder Lauf zurückgerollt werden kann. Beginnen Sie mit einem Probelauf, um zu sehen, was sich ändert.</translation>
    </message>
    <message>
        <source>D&amp;ry run</source>
        <translation>Pro&amp;belauf</translation>
    </message>
    <message>
        <source>Read every host afresh and show, per step, what would run and what is already so. Changes nothing.</source>
        <translation>Jeden Host neu lesen und je Schritt zeigen, was ausgeführt würde und was bereits so ist. Ändert nichts.</translation>
    </message>
    <message>
        <source>&amp;Apply…</source>
        <translation>Anw&amp;enden…</translation>
    </message>
    <message>
        <source>Apply the plan to its hosts, after a confirmation that names them.</source>
        <translation>Den Plan auf seine Hosts anwenden, nach einer Bestätigung, die sie namentlich nennt.</translation>
    </message>
    <message>
        <source>Read every step of every host back and compare it with the plan. Changes nothing.</source>
        <translation>Jeden Schritt jedes Hosts zurücklesen und mit dem Plan vergleichen. Ändert nichts.</translation>
    </message>
    <message>
        <source>R&amp;oll back…</source>
        <translation>&amp;Zurückrollen…</translation>
    </message>
    <message>
        <source>Undo the last apply on every host, in reverse order, and compare each host with its snapshot.</source>
        <translation>Das letzte Anwenden auf jedem Host in umgekehrter Reihenfolge rückgängig machen und jeden Host mit seinem Snapshot vergleichen.</translation>
    </message>
    <message>
        <source>Cance&amp;l run</source>
        <translation>Lauf abbre&amp;chen</translation>
    </message>
    <message>
        <source>Finish the step that runs now, then roll back as the policy says.</source>
        <translation>Den laufenden Schritt beenden, dann gemäß der Richtlinie zurückrollen.</translation>
    </message>
    <message>
        <source>A failed host rolls back every host</source>
        <translation>Ein fehlgeschlagener Host rollt alle Hosts zurück</translation>
    </message>
    <message>
        <source>A failed host rolls back alone</source>
        <translation>Ein fehlgeschlagener Host rollt nur sich selbst zurück</translation>
    </message>
    <message>
        <source>What happens to the other hosts when one fails.</source>
        <translation>Was mit den anderen Hosts geschieht, wenn einer fehlschlägt.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>A step that may cut the SSH session runs under a dead-man: the host undoes it by itself unless RoCE Pilot reconnects and confirms within this time.</source>
        <translation>Ein Schritt, der die SSH-Sitzung trennen kann, läuft unter einem Totmannschalter: Der Host macht ihn selbst rückgängig, sofern RoCE Pilot sich nicht innerhalb dieser Zeit neu verbindet und bestätigt.</translation>
    </message>
    <message>
        <source>&amp;Dead-man:</source>
        <translation>&amp;Totmannschalter:</translation>
    </message>
    <message>
        <source>%v of %m hosts</source>
        <translation>%v von %m Hosts</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Steps of the selected host</source>
        <translation>Schritte des ausgewählten Hosts</translation>
    </message>
    <message>
        <source>Apply log</source>
        <translation>Protokoll des Anwendens</translation>
    </message>
    <message>
        <source>The log of the run appears here, step by step.</source>
        <translation>Hier erscheint das Protokoll des Laufs, Schritt für Schritt.</translation>
    </message>
    <message>
        <source>&amp;Journals…</source>
        <translation>&amp;Journale…</translation>
    </message>
    <message>
        <source>Every past run with its outcome; roll back or resume from there.</source>
        <translation>Jeder frühere Lauf mit seinem Ergebnis; von dort zurückrollen oder fortsetzen.</translation>
    </message>
    <message>
        <source>no session for this vendor</source>
        <translation>keine Sitzung für diesen Hersteller</translation>
    </message>
    <message>
        <source>no management address</source>
        <translation>keine Management-Adresse</translation>
    </message>
    <message>
        <source>No plan to apply: go back to the Review page.</source>
        <translation>Kein Plan zum Anwenden: Gehen Sie zurück zur Seite „Überprüfen“.</translation>
    </message>
    <message>
        <source>No plan to apply: %1</source>
        <translation>Kein Plan zum Anwenden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Profile &apos;%1&apos; for %n host(s): %2.</source>
        <translation>
            <numerusform>Profil „%1“ für %n Host: %2.</numerusform>
            <numerusform>Profil „%1“ für %n Hosts: %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Switches applied first, each through its vendor&apos;s session with its own commit timer or checkpoint: %1.</source>
        <translation>Switches werden zuerst angewendet, jeder über die Sitzung seines Herstellers mit eigenem Commit-Timer oder Checkpoint: %1.</translation>
    </message>
    <message>
        <source>Not applied here: %1 — apply their files from the Review page by hand.</source>
        <translation>Hier nicht angewendet: %1 — wenden Sie deren Dateien von der Seite „Überprüfen“ von Hand an.</translation>
    </message>
    <message>
        <source>Journals are kept in %1.</source>
        <translation>Journale werden in %1 abgelegt.</translation>
    </message>
    <message numerus="yes">
        <source>Apply the plan &apos;%1&apos; to %n host(s): %2?</source>
        <translation>
            <numerusform>Plan „%1“ auf %n Host anwenden: %2?</numerusform>
            <numerusform>Plan „%1“ auf %n Hosts anwenden: %2?</numerusform>
        </translation>
    </message>
    <message>
        <source>Each host is read afresh first and its state is written to a journal in %1, so this run can be rolled back later, even after RoCE Pilot was closed. Each step is read back after it runs; a failed step rolls its host back.</source>
        <translation>Jeder Host wird zuerst neu gelesen und sein Zustand in ein Journal in %1 geschrieben, sodass dieser Lauf später zurückgerollt werden kann, auch nachdem RoCE Pilot geschlossen wurde. Jeder Schritt wird nach seiner Ausführung zurückgelesen; ein fehlgeschlagener Schritt rollt seinen Host zurück.</translation>
    </message>
    <message>
        <source>If one host fails, every host is rolled back.</source>
        <translation>Schlägt ein Host fehl, werden alle Hosts zurückgerollt.</translation>
    </message>
    <message>
        <source>If one host fails, only that host is rolled back.</source>
        <translation>Schlägt ein Host fehl, wird nur dieser Host zurückgerollt.</translation>
    </message>
    <message>
        <source>Switches, applied first through their vendor&apos;s session: %1.</source>
        <translation>Switches, zuerst über die Sitzung ihres Herstellers angewendet: %1.</translation>
    </message>
    <message>
        <source>Not applied here: %1 (apply their files by hand).</source>
        <translation>Hier nicht angewendet: %1 (wenden Sie deren Dateien von Hand an).</translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n host(s)</source>
        <translation>
            <numerusform>Auf %n Host anwenden</numerusform>
            <numerusform>Auf %n Hosts anwenden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply to %n host(s)</source>
        <translation>
            <numerusform>Auf %n Host &amp;anwenden</numerusform>
            <numerusform>Auf %n Hosts &amp;anwenden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Roll back journal %1 on %n host(s): %2?

Every step that ran is undone in reverse order, then each host is read back and compared with its snapshot.</source>
        <translation>
            <numerusform>Journal %1 auf %n Host zurückrollen: %2?

Jeder ausgeführte Schritt wird in umgekehrter Reihenfolge rückgängig gemacht, dann wird der Host zurückgelesen und mit seinem Snapshot verglichen.</numerusform>
            <numerusform>Journal %1 auf %n Hosts zurückrollen: %2?

Jeder ausgeführte Schritt wird in umgekehrter Reihenfolge rückgängig gemacht, dann wird jeder Host zurückgelesen und mit seinem Snapshot verglichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>Zurückrollen</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Roll back %n host(s)</source>
        <translation>
            <numerusform>%n Host &amp;zurückrollen</numerusform>
            <numerusform>%n Hosts &amp;zurückrollen</numerusform>
        </translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation>Rollback</translation>
    </message>
    <message>
        <source>%1 started.</source>
        <translation>%1 gestartet.</translation>
    </message>
    <message>
        <source>Cancelling: the step that runs now finishes, then the hosts roll back.</source>
        <translation>Abbruch: Der laufende Schritt wird beendet, dann rollen die Hosts zurück.</translation>
    </message>
    <message>
        <source>%1: the host undoes the step by itself in %2 s unless RoCE Pilot reconnects and confirms</source>
        <translation>%1: Der Host macht den Schritt in %2 s selbst rückgängig, sofern RoCE Pilot sich nicht neu verbindet und bestätigt</translation>
    </message>
    <message>
        <source>Dead-man armed — %1.</source>
        <translation>Totmannschalter scharf — %1.</translation>
    </message>
    <message>
        <source>Nothing was started: %1</source>
        <translation>Nichts wurde gestartet: %1</translation>
    </message>
    <message>
        <source>%1 (switch): %2 — %3</source>
        <translation>%1 (Switch): %2 — %3</translation>
    </message>
    <message>
        <source>%1: journal %2 (%3).</source>
        <translation>%1: Journal %2 (%3).</translation>
    </message>
    <message>
        <source>Finished: %1, journal %2.</source>
        <translation>Abgeschlossen: %1, Journal %2.</translation>
    </message>
    <message>
        <source>Steps (select a host)</source>
        <translation>Schritte (wählen Sie einen Host)</translation>
    </message>
    <message>
        <source>Steps on %1</source>
        <translation>Schritte auf %1</translation>
    </message>
    <message>
        <source>V&amp;erify</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>Failure policy</source>
        <translation>Verhalten bei Fehlern</translation>
    </message>
    <message>
        <source>Dead-man timeout</source>
        <translation>Totmannschalter-Zeitlimit</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>Fortschritt des Laufs</translation>
    </message>
    <message>
        <source>How many hosts the running dry run, apply, verify or rollback has finished.</source>
        <translation>Wie viele Hosts der laufende Probelauf, das Anwenden, Prüfen oder Zurückrollen abgeschlossen hat.</translation>
    </message>
    <message>
        <source>One row per host: its state in the run, steps done of all, and the outcome. The arrow keys select a host; its steps are listed below.</source>
        <translation>Eine Zeile je Host: sein Zustand im Lauf, erledigte von allen Schritten und das Ergebnis. Mit den Pfeiltasten wählen Sie einen Host; seine Schritte stehen darunter.</translation>
    </message>
    <message>
        <source>The steps of the selected host in order: what runs, its state (to run, already so, done, undone, failed) and the read-back.</source>
        <translation>Die Schritte des ausgewählten Hosts der Reihe nach: was ausgeführt wird, sein Zustand (auszuführen, bereits so, erledigt, rückgängig gemacht, fehlgeschlagen) und das Rücklesen.</translation>
    </message>
    <message>
        <source>Everything the run did, step by step, with the hosts&apos; answers.</source>
        <translation>Alles, was der Lauf getan hat, Schritt für Schritt, mit den Antworten der Hosts.</translation>
    </message>
</context>
<context>
    <name>rp::ui::ConnectPrompter</name>
    <message>
        <source>Password for %1</source>
        <translation>Passwort für %1</translation>
    </message>
    <message>
        <source>&amp;Password for %1@%2 (kept in memory only, never saved):</source>
        <translation>&amp;Passwort für %1@%2 (nur im Arbeitsspeicher, wird nie gespeichert):</translation>
    </message>
    <message>
        <source>Log in</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>rp::ui::DashboardCharts</name>
    <message>
        <source>Follow the newest samples</source>
        <translation>Den neuesten Messwerten folgen</translation>
    </message>
    <message>
        <source>Drag or wheel on a chart to look back; all charts share the time axis.</source>
        <translation>Zurückblättern: ziehen oder Mausrad; alle Diagramme teilen die Zeitachse.</translation>
    </message>
    <message>
        <source>Throughput (Gb/s)</source>
        <translation>Durchsatz (Gb/s)</translation>
    </message>
    <message>
        <source>One-way latency (µs): p50, band p50–p99</source>
        <translation>Einweg-Latenz (µs): p50, Band p50–p99</translation>
    </message>
    <message>
        <source>clipped at %1 µs (red ticks); p99 peaks at %2 µs</source>
        <translation>abgeschnitten bei %1 µs (rote Striche); p99-Spitzen bis %2 µs</translation>
    </message>
    <message>
        <source>CPU (% of one core)</source>
        <translation>CPU (% eines Kerns)</translation>
    </message>
    <message>
        <source>Host counters (per second)</source>
        <translation>Host-Zähler (pro Sekunde)</translation>
    </message>
    <message>
        <source>time since the run started (s)</source>
        <translation>Zeit seit Start des Laufs (s)</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>p50 per interval</source>
        <translation>p50 je Intervall</translation>
    </message>
    <message>
        <source>%1: client</source>
        <translation>%1: Client</translation>
    </message>
    <message>
        <source>%1: p50</source>
        <translation>%1: p50</translation>
    </message>
    <message>
        <source>%1: server</source>
        <translation>%1: Server</translation>
    </message>
    <message>
        <source>RoCE Pilot chart</source>
        <translation>RoCE-Pilot-Diagramm</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Exported from the RoCE Pilot dashboard</source>
        <translation>Aus dem RoCE-Pilot-Dashboard exportiert</translation>
    </message>
    <message>
        <source>choose a .png, .svg or .pdf file name</source>
        <translation>wählen Sie einen Dateinamen mit .png, .svg oder .pdf</translation>
    </message>
    <message numerus="yes">
        <source>(+%n more)</source>
        <translation>
            <numerusform>(+%n weiterer)</numerusform>
            <numerusform>(+%n weitere)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>rp::ui::DashboardWindow</name>
    <message>
        <source>RoCE Pilot — dashboard</source>
        <translation>RoCE Pilot — Dashboard</translation>
    </message>
</context>
<context>
    <name>rp::ui::DiscoverPage</name>
    <message>
        <source>Discover</source>
        <translation>Ermitteln</translation>
    </message>
    <message>
        <source>Read the RDMA devices, ports and GID tables of every host. The GID each port should use is highlighted; select it to see why.</source>
        <translation>Liest die RDMA-Geräte, Ports und GID-Tabellen aller Hosts. Die GID, die jeder Port verwenden sollte, ist hervorgehoben; wählen Sie sie aus, um die Begründung zu sehen.</translation>
    </message>
    <message>
        <source>&amp;Discover</source>
        <translation>&amp;Ermitteln</translation>
    </message>
    <message>
        <source>Read every host of the list again.</source>
        <translation>Alle Hosts der Liste erneut lesen.</translation>
    </message>
    <message>
        <source>%v of %m hosts</source>
        <translation>%v von %m Hosts</translation>
    </message>
    <message>
        <source>device, netdev, address, GID…</source>
        <translation>Gerät, Netdev, Adresse, GID…</translation>
    </message>
    <message>
        <source>Discovered devices</source>
        <translation>Gefundene Geräte</translation>
    </message>
    <message>
        <source>Add at least one host on the previous page.</source>
        <translation>Fügen Sie auf der vorigen Seite mindestens einen Host hinzu.</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n host(s)…</source>
        <translation>
            <numerusform>Lese %n Host…</numerusform>
            <numerusform>Lese %n Hosts…</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished %1 (%2 of %3)</source>
        <translation>%1 abgeschlossen (%2 von %3)</translation>
    </message>
    <message>
        <source>not read (cancelled)</source>
        <translation>nicht gelesen (abgebrochen)</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) read.</source>
        <translation>
            <numerusform>%n Host gelesen.</numerusform>
            <numerusform>%n Hosts gelesen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) failed.</source>
        <translation>
            <numerusform>%n Host fehlgeschlagen.</numerusform>
            <numerusform>%n Hosts fehlgeschlagen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Discovery cancelled.</source>
        <translation>Ermittlung abgebrochen.</translation>
    </message>
    <message>
        <source>Discovery finished.</source>
        <translation>Ermittlung abgeschlossen.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>Abbreche&amp;n</translation>
    </message>
    <message>
        <source>Filte&amp;r:</source>
        <translation>Fi&amp;lter:</translation>
    </message>
    <message>
        <source>Stops reading; hosts already read keep their results.</source>
        <translation>Beendet das Lesen; bereits gelesene Hosts behalten ihre Ergebnisse.</translation>
    </message>
    <message>
        <source>Discovery progress</source>
        <translation>Fortschritt der Ermittlung</translation>
    </message>
    <message>
        <source>How many hosts have been read.</source>
        <translation>Wie viele Hosts gelesen wurden.</translation>
    </message>
    <message>
        <source>Shows only the rows that contain this text, with the hosts and devices above them.</source>
        <translation>Zeigt nur die Zeilen, die diesen Text enthalten, mit den Hosts und Geräten darüber.</translation>
    </message>
    <message>
        <source>Host, RDMA device, port and GID table as a tree; the GID each port should use is marked &quot;recommended&quot;. The arrow keys move and open rows; the reason for the current row is read out below the tree.</source>
        <translation>Host, RDMA-Gerät, Port und GID-Tabelle als Baum; die GID, die jeder Port verwenden sollte, ist mit „empfohlen“ markiert. Die Pfeiltasten bewegen und öffnen Zeilen; die Begründung der aktuellen Zeile wird unter dem Baum vorgelesen.</translation>
    </message>
    <message>
        <source>Details of the selected row</source>
        <translation>Details der ausgewählten Zeile</translation>
    </message>
    <message>
        <source>Why a GID is recommended, or what a row means.</source>
        <translation>Warum eine GID empfohlen wird oder was eine Zeile bedeutet.</translation>
    </message>
</context>
<context>
    <name>rp::ui::DiscoveryModel</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>Authentifizierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>host key not accepted</source>
        <translation>Host-Schlüssel nicht akzeptiert</translation>
    </message>
    <message>
        <source>host key changed</source>
        <translation>Host-Schlüssel geändert</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>command failed</source>
        <translation>Befehl fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>invalid settings</source>
        <translation>ungültige Einstellungen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Recommended GID: %1</source>
        <translation>Empfohlene GID: %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>GID</source>
        <translation>GID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Netdev</source>
        <translation>Netdev</translation>
    </message>
    <message>
        <source>VLAN</source>
        <translation>VLAN</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>State / flags</source>
        <translation>Zustand / Merkmale</translation>
    </message>
    <message>
        <source>recorded tree</source>
        <translation>aufgezeichneter Baum</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Zustand: %1</translation>
    </message>
    <message>
        <source>Host name: %1</source>
        <translation>Hostname: %1</translation>
    </message>
    <message>
        <source>OS: %1</source>
        <translation>Betriebssystem: %1</translation>
    </message>
    <message>
        <source>Kernel: %1</source>
        <translation>Kernel: %1</translation>
    </message>
    <message>
        <source>Took %1 s</source>
        <translation>Dauer: %1 s</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Warning: no RDMA device found on this host.</source>
        <translation>Warnung: Auf diesem Host wurde kein RDMA-Gerät gefunden.</translation>
    </message>
    <message>
        <source>%1, firmware %2</source>
        <translation>%1, Firmware %2</translation>
    </message>
    <message>
        <source>Driver: %1</source>
        <translation>Treiber: %1</translation>
    </message>
    <message>
        <source>Firmware: %1</source>
        <translation>Firmware: %1</translation>
    </message>
    <message>
        <source>Node GUID: %1</source>
        <translation>Knoten-GUID: %1</translation>
    </message>
    <message>
        <source>Node type: %1</source>
        <translation>Knotentyp: %1</translation>
    </message>
    <message>
        <source>Board: %1</source>
        <translation>Board: %1</translation>
    </message>
    <message>
        <source>Created on netdev: %1</source>
        <translation>Angelegt auf Netdev: %1</translation>
    </message>
    <message>
        <source>iWARP runs over TCP: this device needs no DCB/PFC (lossless Ethernet) configuration.</source>
        <translation>iWARP läuft über TCP: Dieses Gerät braucht keine DCB/PFC-Konfiguration (verlustfreies Ethernet).</translation>
    </message>
    <message>
        <source>Port %1</source>
        <translation>Port %1</translation>
    </message>
    <message>
        <source>Rate: %1</source>
        <translation>Rate: %1</translation>
    </message>
    <message>
        <source>Active MTU: %1</source>
        <translation>Aktive MTU: %1</translation>
    </message>
    <message>
        <source>Maximum MTU: %1</source>
        <translation>Maximale MTU: %1</translation>
    </message>
    <message>
        <source>GID table: %1 entries in use of %2</source>
        <translation>GID-Tabelle: %1 von %2 Einträgen belegt</translation>
    </message>
    <message>
        <source>GID %1</source>
        <translation>GID %1</translation>
    </message>
    <message>
        <source>matches the wanted GID type and address family</source>
        <translation>entspricht dem gewünschten GID-Typ und der Adressfamilie</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>empfohlen</translation>
    </message>
    <message>
        <source>link-local</source>
        <translation>link-lokal</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>doppelt</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>null</translation>
    </message>
    <message>
        <source>%1 port %2, GID index %3: %4, type %5, netdev %6, address %7.</source>
        <translation>%1 Port %2, GID-Index %3: %4, Typ %5, Netdev %6, Adresse %7.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Recommended for this port: %1</source>
        <translation>Für diesen Port empfohlen: %1</translation>
    </message>
    <message>
        <source>MTU %1</source>
        <translation>MTU %1</translation>
    </message>
    <message>
        <source>VLAN %1</source>
        <translation>VLAN %1</translation>
    </message>
    <message>
        <source>Netdevs: %1</source>
        <translation>Netdevs: %1</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricView</name>
    <message>
        <source>Fabric view</source>
        <translation>Fabric-Ansicht</translation>
    </message>
    <message>
        <source>No hosts yet: run a check or import outputs.</source>
        <translation>Noch keine Hosts: Führen Sie eine Prüfung aus oder importieren Sie Ausgaben.</translation>
    </message>
</context>
<context>
    <name>rp::ui::FindingDetail</name>
    <message>
        <source>Lines read</source>
        <translation>Gelesene Zeilen</translation>
    </message>
    <message>
        <source>GID index %1 on %2</source>
        <translation>GID-Index %1 auf %2</translation>
    </message>
    <message>
        <source>No usable GID on %1</source>
        <translation>Keine verwendbare GID auf %1</translation>
    </message>
    <message>
        <source>Not the others:</source>
        <translation>Nicht die anderen:</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>Warum:</translation>
    </message>
    <message>
        <source>Read from:</source>
        <translation>Gelesen aus:</translation>
    </message>
    <message>
        <source>Involved:</source>
        <translation>Beteiligt:</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Read from, when</source>
        <translation>Gelesen von, wann</translation>
    </message>
    <message>
        <source>Fix on %1 (%2)</source>
        <translation>Korrektur auf %1 (%2)</translation>
    </message>
    <message>
        <source>Needed to run this check: %1</source>
        <translation>Zum Ausführen dieser Prüfung nötig: %1</translation>
    </message>
</context>
<context>
    <name>rp::ui::FindingsTree</name>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Read from</source>
        <translation>Gelesen aus</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <comment>a GID&apos;s type and address on a netdev</comment>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Use GID index %1 on %2 — %3</source>
        <translation>GID-Index %1 auf %2 verwenden — %3</translation>
    </message>
    <message>
        <source>GID index %1 on %2 — only %3</source>
        <translation>GID-Index %1 auf %2 — nur %3</translation>
    </message>
    <message>
        <source>No usable GID on %1: %2</source>
        <translation>Keine verwendbare GID auf %1: %2</translation>
    </message>
    <message>
        <source>Not the others: %1</source>
        <translation>Nicht die anderen: %1</translation>
    </message>
    <message>
        <source>Read from %1</source>
        <translation>Gelesen aus %1</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Whole fabric</source>
        <translation>Gesamte Fabric</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n)</source>
        <translation>
            <numerusform>%1 (+%n)</numerusform>
            <numerusform>%1 (+%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not checked (%1)</source>
        <translation>Nicht geprüft (%1)</translation>
    </message>
    <message>
        <source>Checks that could not run on the outputs at hand; each says what to paste or read to run it.</source>
        <translation>Prüfungen, die mit den vorliegenden Ausgaben nicht laufen konnten; jede sagt, was einzufügen oder zu lesen ist, damit sie läuft.</translation>
    </message>
    <message>
        <source>%1 %2 — needs %3</source>
        <translation>%1 %2 — braucht %3</translation>
    </message>
    <message>
        <source>Probably use GID index %1 on %2 — %3 (the paste has no GID types)</source>
        <translation>Wahrscheinlich GID-Index %1 auf %2 verwenden — %3 (die Einfügung nennt keine GID-Typen)</translation>
    </message>
    <message>
        <source>%1 is a RoCE port: peers are reached by GID, not by LID (paste its GID table to choose the index)</source>
        <translation>%1 ist ein RoCE-Port: Gegenstellen werden über die GID erreicht, nicht über die LID (seine GID-Tabelle einfügen, um den Index zu wählen)</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostDialog</name>
    <message>
        <source>Add host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <source>Edit host %1</source>
        <translation>Host %1 bearbeiten</translation>
    </message>
    <message>
        <source>a unique label, e.g. node-a</source>
        <translation>eine eindeutige Bezeichnung, z. B. node-a</translation>
    </message>
    <message>
        <source>host name or IP address</source>
        <translation>Hostname oder IP-Adresse</translation>
    </message>
    <message>
        <source>Run on this computer, without SSH (&amp;local)</source>
        <translation>Auf diesem Computer ausführen, ohne SSH (&amp;lokal)</translation>
    </message>
    <message>
        <source>optional: a recorded tree instead of the live system</source>
        <translation>optional: ein aufgezeichneter Baum statt des laufenden Systems</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>Dur&amp;chsuchen…</translation>
    </message>
    <message>
        <source>private key in OpenSSH format</source>
        <translation>privater Schlüssel im OpenSSH-Format</translation>
    </message>
    <message>
        <source>Brow&amp;se…</source>
        <translation>Durchsuc&amp;hen…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>&amp;Recorded sysfs tree:</source>
        <translation>Aufgezeichneter sysfs-&amp;Baum:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>Ben&amp;utzer:</translation>
    </message>
    <message>
        <source>Au&amp;thentication:</source>
        <translation>Authen&amp;tifizierung:</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>Schlüssel&amp;datei:</translation>
    </message>
    <message>
        <source>K&amp;ind:</source>
        <translation>Sy&amp;stem:</translation>
    </message>
    <message>
        <source>Recorded sysfs tree</source>
        <translation>Aufgezeichneter sysfs-Baum</translation>
    </message>
    <message>
        <source>Private key</source>
        <translation>Privater Schlüssel</translation>
    </message>
    <message>
        <source>Give the host a name.</source>
        <translation>Geben Sie dem Host einen Namen.</translation>
    </message>
    <message>
        <source>Another host is already called %1.</source>
        <translation>Ein anderer Host heißt bereits %1.</translation>
    </message>
    <message>
        <source>Give the host an address.</source>
        <translation>Geben Sie die Adresse des Hosts an.</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Reads this computer directly, or a recorded sysfs tree, instead of logging in over SSH.</source>
        <translation>Liest diesen Computer direkt oder einen aufgezeichneten sysfs-Baum, statt sich über SSH anzumelden.</translation>
    </message>
    <message>
        <source>How RoCE Pilot calls this host in every page and file; must be unique.</source>
        <translation>Wie RoCE Pilot diesen Host auf jeder Seite und in jeder Datei nennt; muss eindeutig sein.</translation>
    </message>
    <message>
        <source>The name or IP address SSH connects to.</source>
        <translation>Der Name oder die IP-Adresse, zu der SSH verbindet.</translation>
    </message>
    <message>
        <source>A directory with a recorded /sys tree (tests/fixtures/sysfs); discovery reads it instead of the live system.</source>
        <translation>Ein Verzeichnis mit einem aufgezeichneten /sys-Baum (tests/fixtures/sysfs); die Ermittlung liest es statt des laufenden Systems.</translation>
    </message>
    <message>
        <source>Browse for a recorded sysfs tree</source>
        <translation>Einen aufgezeichneten sysfs-Baum suchen</translation>
    </message>
    <message>
        <source>Opens a folder chooser.</source>
        <translation>Öffnet eine Ordnerauswahl.</translation>
    </message>
    <message>
        <source>The SSH port, 22 unless the host says otherwise.</source>
        <translation>Der SSH-Port, 22, sofern der Host nichts anderes vorgibt.</translation>
    </message>
    <message>
        <source>The SSH user; it needs root or sudo without a password to apply.</source>
        <translation>Der SSH-Benutzer; zum Anwenden braucht er root oder sudo ohne Passwort.</translation>
    </message>
    <message>
        <source>ssh-agent, a private key file, or a password asked once per session and kept in memory only.</source>
        <translation>ssh-agent, eine private Schlüsseldatei oder ein Passwort, das einmal pro Sitzung abgefragt und nur im Speicher gehalten wird.</translation>
    </message>
    <message>
        <source>The private key used when authentication is a key file.</source>
        <translation>Der private Schlüssel, der bei Authentifizierung per Schlüsseldatei verwendet wird.</translation>
    </message>
    <message>
        <source>Browse for a private key</source>
        <translation>Einen privaten Schlüssel suchen</translation>
    </message>
    <message>
        <source>Opens a file chooser.</source>
        <translation>Öffnet eine Dateiauswahl.</translation>
    </message>
    <message>
        <source>Which generator writes this host&apos;s plan: Linux, Linux with NVIDIA tools, or Windows.</source>
        <translation>Welcher Generator den Plan dieses Hosts schreibt: Linux, Linux mit NVIDIA-Werkzeugen oder Windows.</translation>
    </message>
    <message>
        <source>Checks the host and adds it.</source>
        <translation>Prüft den Host und fügt ihn hinzu.</translation>
    </message>
    <message>
        <source>Closes the dialog without a change.</source>
        <translation>Schließt den Dialog ohne Änderung.</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostKeyDialog</name>
    <message>
        <source>Unknown host key</source>
        <translation>Unbekannter Host-Schlüssel</translation>
    </message>
    <message>
        <source>The host key of &lt;b&gt;%1&lt;/b&gt; is not known yet. Compare the fingerprint with the one the host shows (for example &lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub&lt;/tt&gt; on its console) before you accept it.</source>
        <translation>Der Host-Schlüssel von &lt;b&gt;%1&lt;/b&gt; ist noch nicht bekannt. Vergleichen Sie den Fingerabdruck mit dem, den der Host selbst anzeigt (zum Beispiel &lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub&lt;/tt&gt; an seiner Konsole), bevor Sie ihn akzeptieren.</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>Schlüsseltyp:</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerabdruck:</translation>
    </message>
    <message>
        <source>&amp;Accept and save</source>
        <translation>&amp;Akzeptieren und speichern</translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation>Ab&amp;lehnen</translation>
    </message>
    <message>
        <source>Read from the host; select it to copy.</source>
        <translation>Vom Host gelesen; zum Kopieren markieren.</translation>
    </message>
    <message>
        <source>Trusts this key from now on and saves it in RoCE Pilot&apos;s own known_hosts file.</source>
        <translation>Vertraut diesem Schlüssel ab jetzt und speichert ihn in der eigenen known_hosts-Datei von RoCE Pilot.</translation>
    </message>
    <message>
        <source>Does not connect to this host. The default.</source>
        <translation>Verbindet sich nicht mit diesem Host. Die Voreinstellung.</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostProgressModel</name>
    <message>
        <source>verified</source>
        <translation>geprüft</translation>
    </message>
    <message>
        <source>differs from the plan</source>
        <translation>weicht vom Plan ab</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>dry run done</source>
        <translation>Probelauf erledigt</translation>
    </message>
    <message>
        <source>applying</source>
        <translation>wird angewendet</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>angewendet</translation>
    </message>
    <message>
        <source>unchanged (already so)</source>
        <translation>unverändert (bereits so)</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>zurückgerollt</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>nothing changed: %1 step(s) will run, %2 already so, %3 skipped</source>
        <translation>nichts geändert: %1 Schritt(e) würden ausgeführt, %2 bereits so, %3 übersprungen</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Current step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>undo: %1</source>
        <translation>Rückgängig: %1</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostsPage</name>
    <message>
        <source>Hosts and switches</source>
        <translation>Hosts und Switches</translation>
    </message>
    <message>
        <source>List the machines that take part. RoCE Pilot logs in with SSH (or runs locally for this computer) and only reads until you confirm a change.</source>
        <translation>Führen Sie die beteiligten Rechner auf. RoCE Pilot meldet sich per SSH an (auf diesem Computer arbeitet es lokal) und liest nur, bis Sie eine Änderung bestätigen.</translation>
    </message>
    <message>
        <source>&amp;Add host…</source>
        <translation>Host hinzu&amp;fügen…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Add this &amp;computer (localhost)</source>
        <translation>Diesen &amp;Computer hinzufügen (localhost)</translation>
    </message>
    <message>
        <source>Import from ~/.ssh/confi&amp;g…</source>
        <translation>Aus ~/.ssh/confi&amp;g importieren…</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Remove selected hosts</source>
        <translation>Ausgewählte Hosts entfernen</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Log in to the selected hosts and run &quot;uname -n&quot;.</source>
        <translation>Bei den ausgewählten Hosts anmelden und „uname -n“ ausführen.</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v von %m</translation>
    </message>
    <message>
        <source>Connection test results appear here.</source>
        <translation>Hier erscheinen die Ergebnisse des Verbindungstests.</translation>
    </message>
    <message>
        <source>Connection test results</source>
        <translation>Ergebnisse des Verbindungstests</translation>
    </message>
    <message>
        <source>OpenSSH client configuration</source>
        <translation>OpenSSH-Client-Konfiguration</translation>
    </message>
    <message>
        <source>This computer is already in the list as &quot;localhost&quot;.</source>
        <translation>Dieser Computer steht bereits als „localhost“ in der Liste.</translation>
    </message>
    <message>
        <source>Added this computer; it is read directly, without SSH.</source>
        <translation>Dieser Computer wurde hinzugefügt; er wird direkt gelesen, ohne SSH.</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n host(s) from %1.</source>
        <translation>
            <numerusform>%n Host aus %1 importiert.</numerusform>
            <numerusform>%n Hosts aus %1 importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Already in the list: %1.</source>
        <translation>Bereits in der Liste: %1.</translation>
    </message>
    <message>
        <source>Skipped wildcard patterns: %1.</source>
        <translation>Übersprungene Platzhaltermuster: %1.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message numerus="yes">
        <source>Testing %n host(s)…</source>
        <translation>
            <numerusform>Teste %n Host…</numerusform>
            <numerusform>Teste %n Hosts…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2, last: %3</source>
        <translation>%1 von %2, zuletzt: %3</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>%1: connected, but &quot;uname -n&quot; exited with status %2: %3</source>
        <translation>%1: verbunden, aber „uname -n“ endete mit Status %2: %3</translation>
    </message>
    <message>
        <source>no error output</source>
        <translation>keine Fehlerausgabe</translation>
    </message>
    <message>
        <source>%1: connected, node name &quot;%2&quot;</source>
        <translation>%1: verbunden, Knotenname „%2“</translation>
    </message>
    <message>
        <source>Test cancelled</source>
        <translation>Test abgebrochen</translation>
    </message>
    <message>
        <source>Not tested</source>
        <translation>Nicht getestet</translation>
    </message>
    <message>
        <source>Connection test cancelled.</source>
        <translation>Verbindungstest abgebrochen.</translation>
    </message>
    <message>
        <source>Connection test finished.</source>
        <translation>Verbindungstest abgeschlossen.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Cance&amp;l test</source>
        <translation>Test abbreche&amp;n</translation>
    </message>
    <message>
        <source>Opens a dialog for a new host: name, address, SSH user and key.</source>
        <translation>Öffnet einen Dialog für einen neuen Host: Name, Adresse, SSH-Benutzer und Schlüssel.</translation>
    </message>
    <message>
        <source>Opens the selected host in the host dialog. Enter in the table does the same.</source>
        <translation>Öffnet den ausgewählten Host im Host-Dialog. Enter in der Tabelle bewirkt dasselbe.</translation>
    </message>
    <message>
        <source>Removes the selected hosts from the list (Delete in the table).</source>
        <translation>Entfernt die ausgewählten Hosts aus der Liste (Entf in der Tabelle).</translation>
    </message>
    <message>
        <source>Adds this computer, read directly without SSH.</source>
        <translation>Fügt diesen Computer hinzu, direkt gelesen ohne SSH.</translation>
    </message>
    <message>
        <source>Adds the hosts of your OpenSSH client configuration.</source>
        <translation>Fügt die Hosts Ihrer OpenSSH-Client-Konfiguration hinzu.</translation>
    </message>
    <message>
        <source>The hosts of this project: name, address, user, authentication, kind and the last connection test. Enter edits the current host, Delete removes the selected ones.</source>
        <translation>Die Hosts dieses Projekts: Name, Adresse, Benutzer, Authentifizierung, Art und der letzte Verbindungstest. Enter bearbeitet den aktuellen Host, Entf entfernt die ausgewählten.</translation>
    </message>
    <message>
        <source>Stops the running connection test.</source>
        <translation>Beendet den laufenden Verbindungstest.</translation>
    </message>
    <message>
        <source>Connection test progress</source>
        <translation>Fortschritt des Verbindungstests</translation>
    </message>
    <message>
        <source>How many of the selected hosts were tested.</source>
        <translation>Wie viele der ausgewählten Hosts getestet wurden.</translation>
    </message>
    <message>
        <source>One line per tested host: connected with its node name, or the error and why.</source>
        <translation>Eine Zeile je getestetem Host: verbunden mit seinem Knotennamen, oder der Fehler und warum.</translation>
    </message>
</context>
<context>
    <name>rp::ui::InventoryModel</name>
    <message>
        <source>SSH agent</source>
        <translation>SSH-Agent</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>Schlüsseldatei</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Linux</source>
        <translation>Linux</translation>
    </message>
    <message>
        <source>Linux (NVIDIA/Mellanox OFED)</source>
        <translation>Linux (NVIDIA/Mellanox OFED)</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Windows</translation>
    </message>
    <message>
        <source>recorded tree %1</source>
        <translation>aufgezeichneter Baum %1</translation>
    </message>
    <message>
        <source>%1 (this computer)</source>
        <translation>%1 (dieser Computer)</translation>
    </message>
    <message>
        <source>none (local)</source>
        <translation>keine (lokal)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>Authentifizierung</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>System</translation>
    </message>
</context>
<context>
    <name>rp::ui::JournalListModel</name>
    <message>
        <source>damaged: %1</source>
        <translation>beschädigt: %1</translation>
    </message>
    <message>
        <source>unfinished: resume or roll back</source>
        <translation>nicht abgeschlossen: fortsetzen oder zurückrollen</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>angewendet</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>zurückgerollt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>partial (some hosts kept the change)</source>
        <translation>teilweise (einige Hosts haben die Änderung behalten)</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>geprüft</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation>Gestartet (UTC)</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
</context>
<context>
    <name>rp::ui::JournalsDialog</name>
    <message>
        <source>Journals — RoCE Pilot</source>
        <translation>Journale — RoCE Pilot</translation>
    </message>
    <message>
        <source>Journals</source>
        <translation>Journale</translation>
    </message>
    <message>
        <source>Hosts of the selected journal</source>
        <translation>Hosts des ausgewählten Journals</translation>
    </message>
    <message>
        <source>Steps of the selected host</source>
        <translation>Schritte des ausgewählten Hosts</translation>
    </message>
    <message>
        <source>The log of a rollback or resume appears here.</source>
        <translation>Hier erscheint das Protokoll eines Rollbacks oder Fortsetzens.</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>&amp;Roll back…</source>
        <translation>&amp;Zurückrollen…</translation>
    </message>
    <message>
        <source>Undo every step this run made, in reverse order, and compare each host with its snapshot.</source>
        <translation>Jeden Schritt dieses Laufs in umgekehrter Reihenfolge rückgängig machen und jeden Host mit seinem Snapshot vergleichen.</translation>
    </message>
    <message>
        <source>Re&amp;sume…</source>
        <translation>&amp;Fortsetzen…</translation>
    </message>
    <message>
        <source>Continue a run that never ended: steps verified before are read back again, the others run.</source>
        <translation>Einen nie beendeten Lauf fortsetzen: Bereits geprüfte Schritte werden erneut zurückgelesen, die übrigen ausgeführt.</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>Nothing was done: %1</source>
        <translation>Nichts wurde getan: %1</translation>
    </message>
    <message>
        <source>Journal %1: %2.</source>
        <translation>Journal %1: %2.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>No journals in %1 yet: every apply writes one.</source>
        <translation>Noch keine Journale in %1: Jedes Anwenden schreibt eines.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in %1, newest first.</source>
        <translation>
            <numerusform>%n Lauf in %1, neuester zuerst.</numerusform>
            <numerusform>%n Läufe in %1, neueste zuerst.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) never finished (RoCE Pilot was closed or killed during it): resume or roll back.</source>
        <translation>
            <numerusform>%n Lauf wurde nie abgeschlossen (RoCE Pilot wurde währenddessen geschlossen oder beendet): fortsetzen oder zurückrollen.</numerusform>
            <numerusform>%n Läufe wurden nie abgeschlossen (RoCE Pilot wurde währenddessen geschlossen oder beendet): fortsetzen oder zurückrollen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (switch): %2 — %3</source>
        <translation>%1 (Switch): %2 — %3</translation>
    </message>
    <message numerus="yes">
        <source>Resume journal %1 on %n host(s): %2?

Steps verified before are read back again; the others run, each read back after it runs.</source>
        <translation>
            <numerusform>Journal %1 auf %n Host fortsetzen: %2?

Bereits geprüfte Schritte werden erneut zurückgelesen; die übrigen werden ausgeführt und danach jeweils zurückgelesen.</numerusform>
            <numerusform>Journal %1 auf %n Hosts fortsetzen: %2?

Bereits geprüfte Schritte werden erneut zurückgelesen; die übrigen werden ausgeführt und danach jeweils zurückgelesen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Roll back journal %1 on %n host(s): %2?

Every step that ran is undone in reverse order, then each host is read back and compared with its snapshot.</source>
        <translation>
            <numerusform>Journal %1 auf %n Host zurückrollen: %2?

Jeder ausgeführte Schritt wird in umgekehrter Reihenfolge rückgängig gemacht, dann wird der Host zurückgelesen und mit seinem Snapshot verglichen.</numerusform>
            <numerusform>Journal %1 auf %n Hosts zurückrollen: %2?

Jeder ausgeführte Schritt wird in umgekehrter Reihenfolge rückgängig gemacht, dann wird jeder Host zurückgelesen und mit seinem Snapshot verglichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>Zurückrollen</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Roll back</source>
        <translation>&amp;Zurückrollen</translation>
    </message>
    <message>
        <source>Resuming %1…</source>
        <translation>Setze %1 fort…</translation>
    </message>
    <message>
        <source>Rolling back %1…</source>
        <translation>Rolle %1 zurück…</translation>
    </message>
    <message>
        <source>Wait for the run to end; it cannot be left half-way.</source>
        <translation>Warten Sie, bis der Lauf endet; er kann nicht auf halbem Weg verlassen werden.</translation>
    </message>
    <message>
        <source>Every apply run, newest first: when, its hosts and its outcome. Damaged files are listed with their error.</source>
        <translation>Jeder Anwenden-Lauf, neueste zuerst: wann, seine Hosts und sein Ergebnis. Beschädigte Dateien werden mit ihrem Fehler aufgeführt.</translation>
    </message>
    <message>
        <source>The hosts of the selected run and how far each got.</source>
        <translation>Die Hosts des ausgewählten Laufs und wie weit jeder kam.</translation>
    </message>
    <message>
        <source>The steps of the selected host as the journal recorded them.</source>
        <translation>Die Schritte des ausgewählten Hosts, wie das Journal sie aufgezeichnet hat.</translation>
    </message>
    <message>
        <source>Journal log</source>
        <translation>Journal-Protokoll</translation>
    </message>
    <message>
        <source>Reads the journal folder again.</source>
        <translation>Liest den Journal-Ordner neu.</translation>
    </message>
    <message>
        <source>Closes this window; a running rollback or resume goes on.</source>
        <translation>Schließt dieses Fenster; ein laufendes Zurückrollen oder Fortsetzen läuft weiter.</translation>
    </message>
</context>
<context>
    <name>rp::ui::LabPage</name>
    <message>
        <source>The lab did not hand over a usable host list. Stop it (File menu, Stop Soft-RoCE lab) and press Try again.</source>
        <translation>Das Labor hat keine verwendbare Host-Liste übergeben. Stoppen Sie es (Menü Datei, Soft-RoCE-Labor stoppen) und klicken Sie auf Erneut versuchen.</translation>
    </message>
    <message>
        <source>The start was cancelled and the lab stopped again. Press Try again to start it, or Back to choose something else.</source>
        <translation>Der Start wurde abgebrochen und das Labor wieder gestoppt. Klicken Sie auf Erneut versuchen, um es zu starten, oder auf Zurück, um etwas anderes zu wählen.</translation>
    </message>
    <message>
        <source>The lab files were not found. Reinstall RoCE Pilot (they ship in share/rocepilot/lab) or set RP_LAB_SCRIPT to lab/lab.sh of a source tree, then start RoCE Pilot again.</source>
        <translation>Die Labordateien wurden nicht gefunden. Installieren Sie RoCE Pilot neu (sie liegen in share/rocepilot/lab) oder setzen Sie RP_LAB_SCRIPT auf lab/lab.sh eines Quellbaums und starten Sie RoCE Pilot dann neu.</translation>
    </message>
    <message>
        <source>The guests did not answer in time. Without KVM the first start can be slow; press Try again (what was built is reused).</source>
        <translation>Die Gäste haben nicht rechtzeitig geantwortet. Ohne KVM kann der erste Start lange dauern; klicken Sie auf Erneut versuchen (bereits Gebautes wird wiederverwendet).</translation>
    </message>
    <message>
        <source>The lab script ended without saying it was ready. Stop the lab (File menu, Stop Soft-RoCE lab) and press Try again.</source>
        <translation>Das Laborskript hat sich beendet, ohne Bereitschaft zu melden. Stoppen Sie das Labor (Menü Datei, Soft-RoCE-Labor stoppen) und klicken Sie auf Erneut versuchen.</translation>
    </message>
    <message>
        <source>Install what the message above names (installer/deps.sh lists everything the lab needs: qemu-system-x86, busybox-static, cpio, kmod, OpenSSH), then press Try again. Back returns to the Welcome page.</source>
        <translation>Installieren Sie, was die Meldung oben nennt (installer/deps.sh führt alles auf, was das Labor braucht: qemu-system-x86, busybox-static, cpio, kmod, OpenSSH), und klicken Sie dann auf Erneut versuchen. Zurück führt zur Willkommensseite.</translation>
    </message>
    <message>
        <source>Built-in Soft-RoCE lab</source>
        <translation>Eingebautes Soft-RoCE-Labor</translation>
    </message>
    <message>
        <source>RoCE Pilot boots two small virtual machines, lab-a and lab-b (qemu), whose Soft-RoCE devices (rdma_rxe) talk RoCE to each other. No RDMA hardware is needed, and nothing on this computer&apos;s network is changed.</source>
        <translation>RoCE Pilot startet zwei kleine virtuelle Maschinen, lab-a und lab-b (qemu), deren Soft-RoCE-Geräte (rdma_rxe) per RoCE miteinander sprechen. Es wird keine RDMA-Hardware benötigt, und am Netzwerk dieses Computers wird nichts verändert.</translation>
    </message>
    <message>
        <source>The first start builds the guests&apos; image (a few minutes); later starts reuse it, and a lab that is still running is reused at once. When both guests answer, their hosts are added and discovered.</source>
        <translation>Der erste Start baut das Abbild der Gäste (einige Minuten); spätere Starts verwenden es wieder, und ein noch laufendes Labor wird sofort wiederverwendet. Sobald beide Gäste antworten, werden ihre Hosts hinzugefügt und ermittelt.</translation>
    </message>
    <message>
        <source>%p%</source>
        <translation>%p %</translation>
    </message>
    <message>
        <source>Lab start progress</source>
        <translation>Fortschritt des Laborstarts</translation>
    </message>
    <message>
        <source>Cance&amp;l start</source>
        <translation>Start abbreche&amp;n</translation>
    </message>
    <message>
        <source>Stop starting the lab; whatever was started is stopped again.</source>
        <translation>Den Laborstart abbrechen; was schon gestartet wurde, wird wieder gestoppt.</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>Start the lab again.</source>
        <translation>Das Labor erneut starten.</translation>
    </message>
    <message>
        <source>Waiting for the lab to stop before starting it again…</source>
        <translation>Warte, bis das Labor gestoppt ist, bevor es erneut gestartet wird…</translation>
    </message>
    <message>
        <source>Starting the lab…</source>
        <translation>Labor wird gestartet…</translation>
    </message>
    <message>
        <source>Starting the Soft-RoCE lab…</source>
        <translation>Soft-RoCE-Labor wird gestartet…</translation>
    </message>
    <message>
        <source>The lab is running: %1.</source>
        <translation>Das Labor läuft: %1.</translation>
    </message>
    <message>
        <source>Soft-RoCE lab running (%1). It keeps running when RoCE Pilot quits and is reused next time; File &gt; Stop Soft-RoCE lab stops it.</source>
        <translation>Soft-RoCE-Labor läuft (%1). Es läuft weiter, wenn RoCE Pilot beendet wird, und wird beim nächsten Mal wiederverwendet; Datei &gt; Soft-RoCE-Labor stoppen hält es an.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The lab did not start.</source>
        <translation>Das Labor wurde nicht gestartet.</translation>
    </message>
    <message>
        <source>%1

What to do: %2</source>
        <translation>%1

Was zu tun ist: %2</translation>
    </message>
    <message>
        <source>Soft-RoCE lab start cancelled; the lab was stopped.</source>
        <translation>Start des Soft-RoCE-Labors abgebrochen; das Labor wurde gestoppt.</translation>
    </message>
    <message>
        <source>The Soft-RoCE lab did not start.</source>
        <translation>Das Soft-RoCE-Labor wurde nicht gestartet.</translation>
    </message>
    <message>
        <source>Cancelling: stopping what was started…</source>
        <translation>Abbruch: Bereits Gestartetes wird gestoppt…</translation>
    </message>
    <message>
        <source>Cancelling the Soft-RoCE lab start…</source>
        <translation>Start des Soft-RoCE-Labors wird abgebrochen…</translation>
    </message>
    <message>
        <source>Stopping the Soft-RoCE lab…</source>
        <translation>Soft-RoCE-Labor wird gestoppt…</translation>
    </message>
    <message>
        <source>Could not stop the Soft-RoCE lab: %1</source>
        <translation>Das Soft-RoCE-Labor konnte nicht gestoppt werden: %1</translation>
    </message>
    <message>
        <source>The lab was stopped.</source>
        <translation>Das Labor wurde gestoppt.</translation>
    </message>
    <message>
        <source>Soft-RoCE lab stopped.</source>
        <translation>Soft-RoCE-Labor gestoppt.</translation>
    </message>
    <message>
        <source>How far the start of the two lab guests has come; the line below says what runs now.</source>
        <translation>Wie weit der Start der beiden Labor-Gäste ist; die Zeile darunter sagt, was gerade läuft.</translation>
    </message>
    <message>
        <source>Why the lab did not start</source>
        <translation>Warum das Labor nicht gestartet wurde</translation>
    </message>
    <message>
        <source>The error and what to do about it; select to copy.</source>
        <translation>Der Fehler und was dagegen zu tun ist; zum Kopieren markieren.</translation>
    </message>
</context>
<context>
    <name>rp::ui::MainWindow</name>
    <message>
        <source>RoCE Pilot projects (*.yaml *.yml);;All files (*)</source>
        <translation>RoCE-Pilot-Projekte (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>Projekt ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About RoCE Pilot</source>
        <translation>Ü&amp;ber RoCE Pilot</translation>
    </message>
    <message>
        <source>About RoCE Pilot</source>
        <translation>Über RoCE Pilot</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;RoCE Pilot %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Takes you through a first RDMA over Converged Ethernet deployment: hosts, discovery, and the settings that have to agree across the fabric.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;RoCE Pilot %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Begleitet Sie durch eine erste Bereitstellung von RDMA over Converged Ethernet: Hosts, Ermittlung und die Einstellungen, die in der ganzen Fabric übereinstimmen müssen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Untitled project[*] — RoCE Pilot</source>
        <translation>Unbenanntes Projekt[*] — RoCE Pilot</translation>
    </message>
    <message>
        <source>%1[*] — RoCE Pilot</source>
        <translation>%1[*] — RoCE Pilot</translation>
    </message>
    <message>
        <source>Cannot open project</source>
        <translation>Projekt kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 could not be opened; nothing was changed.

%2</source>
        <translation>%1 konnte nicht geöffnet werden; es wurde nichts geändert.

%2</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <source>Cannot save project</source>
        <translation>Projekt kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>The project could not be saved; the file on disk was left as it was.

%1</source>
        <translation>Das Projekt konnte nicht gespeichert werden; die Datei auf dem Datenträger blieb unverändert.

%1</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>Projekt speichern</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The host list has changed since it was last saved. Save it now?</source>
        <translation>Die Host-Liste wurde seit dem letzten Speichern geändert. Jetzt speichern?</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Sto&amp;p Soft-RoCE lab</source>
        <translation>Soft-RoCE-Labor s&amp;toppen</translation>
    </message>
    <message>
        <source>Stop the two lab guests. A lab left running is reused by the next start.</source>
        <translation>Die beiden Laborgäste stoppen. Ein weiterlaufendes Labor wird beim nächsten Start wiederverwendet.</translation>
    </message>
    <message>
        <source>New &amp;dashboard</source>
        <translation>Neues &amp;Dashboard</translation>
    </message>
    <message>
        <source>Run tests and watch live charts in a window of its own</source>
        <translation>Tests ausführen und Live-Diagramme in einem eigenen Fenster verfolgen</translation>
    </message>
    <message>
        <source>Open &amp;run…</source>
        <translation>&amp;Lauf öffnen…</translation>
    </message>
    <message>
        <source>Open a saved run</source>
        <translation>Einen gespeicherten Lauf öffnen</translation>
    </message>
    <message>
        <source>RoCE Pilot runs (*.rprun);;All files (*)</source>
        <translation>RoCE-Pilot-Läufe (*.rprun);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>Lauf öffnen</translation>
    </message>
    <message>
        <source>&amp;Journals…</source>
        <translation>&amp;Journale…</translation>
    </message>
    <message>
        <source>Every apply run with its outcome: roll back or resume from there.</source>
        <translation>Jeder Anwenden-Lauf mit seinem Ergebnis: von dort zurückrollen oder fortsetzen.</translation>
    </message>
    <message>
        <source>RoCE Pilot was closed while it was changing hosts: journal %1 (%2, started %3 UTC) never finished.

Hosts: %4.

Resume it (steps verified before are read back again, the others run), or roll it back (every step that ran is undone and each host compared with its snapshot). Nothing happens until you choose.</source>
        <translation>RoCE Pilot wurde geschlossen, während es Hosts änderte: Journal %1 (%2, gestartet %3 UTC) wurde nie abgeschlossen.

Hosts: %4.

Setzen Sie es fort (bereits geprüfte Schritte werden erneut zurückgelesen, die übrigen ausgeführt) oder rollen Sie es zurück (jeder ausgeführte Schritt wird rückgängig gemacht und jeder Host mit seinem Snapshot verglichen). Bis Sie wählen, geschieht nichts.</translation>
    </message>
    <message numerus="yes">
        <source>Its journal was written %n second(s) ago: another RoCE Pilot (or rocepilot-cli) may still be running it. Choose Later unless you know it stopped.</source>
        <translation>
            <numerusform>Sein Journal wurde vor %n Sekunde geschrieben: Eine andere Instanz von RoCE Pilot (oder rocepilot-cli) führt es möglicherweise noch aus. Wählen Sie Später, sofern Sie nicht wissen, dass sie angehalten hat.</numerusform>
            <numerusform>Sein Journal wurde vor %n Sekunden geschrieben: Eine andere Instanz von RoCE Pilot (oder rocepilot-cli) führt es möglicherweise noch aus. Wählen Sie Später, sofern Sie nicht wissen, dass sie angehalten hat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more unfinished run(s) are in File &gt; Journals….</source>
        <translation>
            <numerusform>%n weiterer nicht abgeschlossener Lauf ist unter Datei &gt; Journale….</numerusform>
            <numerusform>%n weitere nicht abgeschlossene Läufe sind unter Datei &gt; Journale….</numerusform>
        </translation>
    </message>
    <message>
        <source>Unfinished run</source>
        <translation>Nicht abgeschlossener Lauf</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Roll &amp;back</source>
        <translation>&amp;Zurückrollen</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Später</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>Ein Lauf ist im Gange</translation>
    </message>
    <message>
        <source>RoCE Pilot is changing hosts. Closing cancels the run: the step that runs now finishes, then the hosts that changed are rolled back, and the window closes when that is done.</source>
        <translation>RoCE Pilot ändert gerade Hosts. Schließen bricht den Lauf ab: Der laufende Schritt wird beendet, dann werden die geänderten Hosts zurückgerollt, und das Fenster schließt sich, sobald das erledigt ist.</translation>
    </message>
    <message>
        <source>Cancel the run and &amp;close</source>
        <translation>Lauf abbrechen und &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>&amp;Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System colours</source>
        <translation>&amp;Systemfarben</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>&amp;Hoher Kontrast</translation>
    </message>
    <message>
        <source>The built-in Soft-RoCE &amp;lab</source>
        <translation>Das eingebaute Soft-RoCE-&amp;Labor</translation>
    </message>
    <message>
        <source>The profile of the last session was not restored: %1</source>
        <translation>Das Profil der letzten Sitzung wurde nicht wiederhergestellt: %1</translation>
    </message>
    <message>
        <source>&amp;%1 %2 — %3</source>
        <translation>&amp;%1 %2 — %3</translation>
    </message>
    <message>
        <source>No recent projects</source>
        <translation>Keine zuletzt geöffneten Projekte</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>The built-in Soft-RoCE lab</source>
        <translation>Das eingebaute Soft-RoCE-Labor</translation>
    </message>
    <message>
        <source>RoCE Pilot can be tried without RDMA hardware and without touching your network.</source>
        <translation>RoCE Pilot lässt sich ohne RDMA-Hardware ausprobieren, ohne Ihr Netz anzutasten.</translation>
    </message>
    <message>
        <source>Choose &quot;Try it on the built-in Soft-RoCE lab&quot; on the Welcome page (or start rocepilot --lab). RoCE Pilot then boots two small virtual machines, lab-a and lab-b, under qemu. Each has a Soft-RoCE device (rdma_rxe) on a private virtual link, so they talk real RoCE v2 to each other.

Both guests are added as hosts with their SSH keys already trusted, and discovered: their GID tables, the recommended GID, and their DCB state (their virtual NICs have none, and RoCE Pilot says so instead of guessing). From there the wizard goes on as with real hosts: profile, review, apply with read-back and rollback, performance tests and the troubleshooter.

The first start builds the guests&apos; image and takes longer; later starts take seconds. The lab keeps running when RoCE Pilot quits and is reused next time; File &gt; Stop Soft-RoCE lab stops it.

This explanation is shown once; Help &gt; The built-in Soft-RoCE lab shows it again.</source>
        <translation>Wählen Sie auf der Willkommensseite „Im eingebauten Soft-RoCE-Labor ausprobieren“ (oder starten Sie rocepilot --lab). RoCE Pilot bootet dann unter qemu zwei kleine virtuelle Maschinen, lab-a und lab-b. Jede hat ein Soft-RoCE-Gerät (rdma_rxe) an einer privaten virtuellen Verbindung, sodass sie echtes RoCE v2 miteinander sprechen.

Beide Gäste werden als Hosts hinzugefügt, ihre SSH-Schlüssel sind bereits vertrauenswürdig, und sie werden ermittelt: ihre GID-Tabellen, die empfohlene GID und ihr DCB-Zustand (ihre virtuellen NICs haben keinen, und RoCE Pilot sagt das, statt zu raten). Von dort geht der Assistent weiter wie mit echten Hosts: Profil, Überprüfen, Anwenden mit Rücklesen und Rollback, Leistungstests und die Fehlersuche.

Der erste Start baut das Image der Gäste und dauert länger; spätere Starts dauern Sekunden. Das Labor läuft weiter, wenn RoCE Pilot beendet wird, und wird beim nächsten Mal wiederverwendet; Datei &gt; Soft-RoCE-Labor stoppen hält es an.

Diese Erklärung wird einmal gezeigt; Hilfe &gt; Das eingebaute Soft-RoCE-Labor zeigt sie erneut.</translation>
    </message>
    <message>
        <source>&amp;Try the lab now</source>
        <translation>Labor jetzt &amp;ausprobieren</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
</context>
<context>
    <name>rp::ui::PfcView</name>
    <message>
        <source>Priority flow control per host, direction and priority</source>
        <translation>Priority Flow Control je Host, Richtung und Priorität</translation>
    </message>
    <message>
        <source>Alarms raised by the host counters</source>
        <translation>Von den Host-Zählern ausgelöste Alarme</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Alarm</source>
        <translation>Alarm</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>%1 lossless</source>
        <translation>%1 verlustfrei</translation>
    </message>
    <message>
        <source>Priority %1</source>
        <translation>Priorität %1</translation>
    </message>
    <message>
        <source>A PFC priority of the profile: pauses here are how a lossless fabric works</source>
        <translation>Eine PFC-Priorität des Profils: Pausen hier sind die Arbeitsweise einer verlustfreien Fabric</translation>
    </message>
    <message>
        <source>%1 rx</source>
        <translation>%1 rx</translation>
    </message>
    <message>
        <source>%1 tx</source>
        <translation>%1 tx</translation>
    </message>
    <message>
        <source>Pause frames received: the peer (switch) paused this port; look at the network</source>
        <translation>Pause-Frames empfangen: Die Gegenstelle (Switch) hat diesen Port pausiert; prüfen Sie das Netz</translation>
    </message>
    <message>
        <source>Pause frames sent: this port paused the peer; look at the NIC&apos;s buffers, PCIe, the host</source>
        <translation>Pause-Frames gesendet: Dieser Port hat die Gegenstelle pausiert; prüfen Sie die Puffer der NIC, PCIe, den Host</translation>
    </message>
    <message>
        <source>This NIC has no pause counter for priority %1 (absent, not zero)</source>
        <translation>Diese NIC hat keinen Pausenzähler für Priorität %1 (fehlt, nicht null)</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
    <message>
        <source>— /s</source>
        <translation>— /s</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 ep/s</source>
        <translation>%1 Ep/s</translation>
    </message>
    <message>
        <source>Priority %1, %2, last second: pause frames per second; share of the time paused (from the pause duration counter) · pause episodes (ep) per second</source>
        <translation>Priorität %1, %2, letzte Sekunde: Pause-Frames pro Sekunde; Anteil der pausierten Zeit (aus dem Zähler der Pausendauer) · Pausenepisoden (Ep) pro Sekunde</translation>
    </message>
    <message>
        <source>received</source>
        <translation>empfangen</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>gesendet</translation>
    </message>
    <message>
        <source>Pauses on priority %1, which is not a PFC priority of the profile: PFC, trust or the switch pauses a lossy class</source>
        <translation>Pausen auf Priorität %1, die keine PFC-Priorität des Profils ist: PFC, Trust oder der Switch pausiert eine verlustbehaftete Klasse</translation>
    </message>
    <message>
        <source>Per-priority pause counters appear here while a test runs.</source>
        <translation>Pausenzähler je Priorität erscheinen hier, während ein Test läuft.</translation>
    </message>
    <message>
        <source>These NICs have no per-priority pause counters (Soft-RoCE, virtio and most NICs without DCB): PFC cannot be shown.</source>
        <translation>Diese NICs haben keine Pausenzähler je Priorität (Soft-RoCE, virtio und die meisten NICs ohne DCB): PFC kann nicht angezeigt werden.</translation>
    </message>
    <message>
        <source>No profile: the lossless priority is not known, so pauses on other priorities are not flagged.</source>
        <translation>Kein Profil: Die verlustfreie Priorität ist nicht bekannt, daher werden Pausen auf anderen Prioritäten nicht markiert.</translation>
    </message>
    <message>
        <source>Pauses on a priority outside the profile&apos;s PFC set (flagged).</source>
        <translation>Pausen auf einer Priorität außerhalb der PFC-Menge des Profils (markiert).</translation>
    </message>
    <message>
        <source>Pause frames per second, time paused and pause episodes, last second; lossless priority highlighted.</source>
        <translation>Pause-Frames pro Sekunde, pausierte Zeit und Pausenepisoden, letzte Sekunde; verlustfreie Priorität hervorgehoben.</translation>
    </message>
</context>
<context>
    <name>rp::ui::ProfileIssueModel</name>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Field: %1</source>
        <translation>Feld: %1</translation>
    </message>
</context>
<context>
    <name>rp::ui::ProfilePage</name>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Choose how RoCE traffic is classified and protected on hosts and switches. Start from a preset; every change is checked as you type.</source>
        <translation>Legen Sie fest, wie RoCE-Verkehr auf Hosts und Switches klassifiziert und geschützt wird. Beginnen Sie mit einer Vorlage; jede Änderung wird während der Eingabe geprüft.</translation>
    </message>
    <message>
        <source>(loaded from a file)</source>
        <translation>(aus einer Datei geladen)</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Vorlage:</translation>
    </message>
    <message>
        <source>&amp;Load…</source>
        <translation>&amp;Laden…</translation>
    </message>
    <message>
        <source>Read a profile YAML file (see docs/profile.md).</source>
        <translation>Eine Profil-YAML-Datei einlesen (siehe docs/profile.md).</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>Write this profile as YAML, for rocepilot-cli or a later session.</source>
        <translation>Dieses Profil als YAML schreiben, für rocepilot-cli oder eine spätere Sitzung.</translation>
    </message>
    <message>
        <source>About this profile</source>
        <translation>Über dieses Profil</translation>
    </message>
    <message>
        <source>Profile checks</source>
        <translation>Profilprüfungen</translation>
    </message>
    <message>
        <source>Double-click a finding to go to its field.</source>
        <translation>Doppelklicken Sie auf einen Befund, um zu seinem Feld zu springen.</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>RoCE traffic</source>
        <translation>RoCE-Verkehr</translation>
    </message>
    <message>
        <source>Lossless: PFC on the RoCE priority</source>
        <translation>Verlustfrei: PFC auf der RoCE-Priorität</translation>
    </message>
    <message>
        <source>ECN only: no PFC anywhere</source>
        <translation>Nur ECN: nirgends PFC</translation>
    </message>
    <message>
        <source>RoCE v2 (routable, UDP/IP)</source>
        <translation>RoCE v2 (routingfähig, UDP/IP)</translation>
    </message>
    <message>
        <source>RoCE v1 (Ethernet only)</source>
        <translation>RoCE v1 (nur Ethernet)</translation>
    </message>
    <message>
        <source>DSCP (IP header)</source>
        <translation>DSCP (IP-Header)</translation>
    </message>
    <message>
        <source>PCP (VLAN tag priority)</source>
        <translation>PCP (Priorität im VLAN-Tag)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Needed for PCP trust: untagged frames carry no priority.</source>
        <translation>Für PCP-Trust nötig: Frames ohne Tag tragen keine Priorität.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Flow control:</source>
        <translation>Flusskontrolle:</translation>
    </message>
    <message>
        <source>RoCE mode:</source>
        <translation>RoCE-Modus:</translation>
    </message>
    <message>
        <source>Trust:</source>
        <translation>Trust:</translation>
    </message>
    <message>
        <source>VLAN:</source>
        <translation>VLAN:</translation>
    </message>
    <message>
        <source>RoCE DSCP:</source>
        <translation>RoCE-DSCP:</translation>
    </message>
    <message>
        <source>RoCE priority:</source>
        <translation>RoCE-Priorität:</translation>
    </message>
    <message>
        <source>Congestion notification (CNP)</source>
        <translation>Überlastbenachrichtigung (CNP)</translation>
    </message>
    <message>
        <source>Strict-priority class</source>
        <translation>Klasse mit strikter Priorität</translation>
    </message>
    <message>
        <source>CNP DSCP:</source>
        <translation>CNP-DSCP:</translation>
    </message>
    <message>
        <source>CNP priority:</source>
        <translation>CNP-Priorität:</translation>
    </message>
    <message>
        <source>Second class (cluster heartbeat)</source>
        <translation>Zweite Klasse (Cluster-Heartbeat)</translation>
    </message>
    <message>
        <source>Use a second small class</source>
        <translation>Zweite kleine Klasse verwenden</translation>
    </message>
    <message>
        <source>Priority:</source>
        <translation>Priorität:</translation>
    </message>
    <message>
        <source>DSCP:</source>
        <translation>DSCP:</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> Byte</translation>
    </message>
    <message>
        <source>IP MTU of the host netdev. Windows *JumboPacket is this plus 14.</source>
        <translation>IP-MTU des Host-Netdevs. Windows *JumboPacket ist dieser Wert plus 14.</translation>
    </message>
    <message>
        <source>Host MTU:</source>
        <translation>Host-MTU:</translation>
    </message>
    <message>
        <source>Switch MTU:</source>
        <translation>Switch-MTU:</translation>
    </message>
    <message>
        <source>PFC (priority flow control)</source>
        <translation>PFC (Priority Flow Control)</translation>
    </message>
    <message>
        <source>Priorities:</source>
        <translation>Prioritäten:</translation>
    </message>
    <message>
        <source>PFC on priority %1</source>
        <translation>PFC auf Priorität %1</translation>
    </message>
    <message>
        <source>PFC watchdog where the platform has one</source>
        <translation>PFC-Watchdog, wo die Plattform einen hat</translation>
    </message>
    <message>
        <source>ETS (bandwidth per traffic class)</source>
        <translation>ETS (Bandbreite je Verkehrsklasse)</translation>
    </message>
    <message>
        <source>Priority → TC:</source>
        <translation>Priorität → TC:</translation>
    </message>
    <message>
        <source>TC bandwidth %:</source>
        <translation>TC-Bandbreite %:</translation>
    </message>
    <message>
        <source>Strict TC:</source>
        <translation>Strikte TC:</translation>
    </message>
    <message>
        <source>Traffic class of priority %1</source>
        <translation>Verkehrsklasse der Priorität %1</translation>
    </message>
    <message>
        <source>Bandwidth percent of TC %1</source>
        <translation>Bandbreite in Prozent von TC %1</translation>
    </message>
    <message>
        <source>TC %1 is strict priority</source>
        <translation>TC %1 hat strikte Priorität</translation>
    </message>
    <message>
        <source>ECN (switch marking for DCQCN)</source>
        <translation>ECN (Markierung im Switch für DCQCN)</translation>
    </message>
    <message>
        <source>Mark ECN on the RoCE class</source>
        <translation>ECN in der RoCE-Klasse markieren</translation>
    </message>
    <message>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Minimum threshold:</source>
        <translation>Untere Schwelle:</translation>
    </message>
    <message>
        <source>Maximum threshold:</source>
        <translation>Obere Schwelle:</translation>
    </message>
    <message>
        <source>Probability at maximum:</source>
        <translation>Max. Wahrscheinlichkeit:</translation>
    </message>
    <message>
        <source>DCBX and LLDP</source>
        <translation>DCBX und LLDP</translation>
    </message>
    <message>
        <source>Host is willing (accepts the switch&apos;s settings)</source>
        <translation>Host „willing“ (übernimmt Switch-Einstellungen)</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>Betriebssystem</translation>
    </message>
    <message>
        <source>NIC firmware</source>
        <translation>NIC-Firmware</translation>
    </message>
    <message>
        <source>LLDP agent:</source>
        <translation>LLDP-Agent:</translation>
    </message>
    <message>
        <source>rdma_cm defaults</source>
        <translation>rdma_cm-Standardwerte</translation>
    </message>
    <message>
        <source>RoCE v2</source>
        <translation>RoCE v2</translation>
    </message>
    <message>
        <source>RoCE v1</source>
        <translation>RoCE v1</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>ToS:</source>
        <translation>ToS:</translation>
    </message>
    <message>
        <source>Switch ports and buffers</source>
        <translation>Switch-Ports und Puffer</translation>
    </message>
    <message>
        <source>QoS on ports facing hosts</source>
        <translation>QoS auf den Ports zu den Hosts</translation>
    </message>
    <message>
        <source>QoS on uplinks (lossless end to end)</source>
        <translation>QoS auf Uplinks (durchgehend verlustfrei)</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Cable length for the PFC headroom (mlnx_qos --cable_len, SONiC cable_length).</source>
        <translation>Kabellänge für den PFC-Headroom (mlnx_qos --cable_len, SONiC cable_length).</translation>
    </message>
    <message>
        <source>Cable length:</source>
        <translation>Kabellänge:</translation>
    </message>
    <message>
        <source>Lossless buffer share:</source>
        <translation>Verlustfreier Pufferanteil:</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s): fix them to go on.</source>
        <translation>
            <numerusform>%n Fehler: beheben Sie ihn, um fortzufahren.</numerusform>
            <numerusform>%n Fehler: beheben Sie sie, um fortzufahren.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation>
            <numerusform>%n Warnung.</numerusform>
            <numerusform>%n Warnungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No errors. %n warning(s): known traps, the profile stays usable.</source>
        <translation>
            <numerusform>Keine Fehler. %n Warnung: eine bekannte Falle, das Profil bleibt nutzbar.</numerusform>
            <numerusform>Keine Fehler. %n Warnungen: bekannte Fallen, das Profil bleibt nutzbar.</numerusform>
        </translation>
    </message>
    <message>
        <source>No errors, no warnings.</source>
        <translation>Keine Fehler, keine Warnungen.</translation>
    </message>
    <message>
        <source>ETS classes sum to %1 % (must be 100 %; strict classes take 0 %).</source>
        <translation>Die ETS-Klassen ergeben zusammen %1 % (es müssen 100 % sein; strikte Klassen erhalten 0 %).</translation>
    </message>
    <message>
        <source>Changed from the preset: the checks below apply to the values in the form.</source>
        <translation>Gegenüber der Vorlage geändert: die Prüfungen unten gelten für die Werte im Formular.</translation>
    </message>
    <message>
        <source>A profile loaded from a file.</source>
        <translation>Ein aus einer Datei geladenes Profil.</translation>
    </message>
    <message>
        <source>Not loaded: %1</source>
        <translation>Nicht geladen: %1</translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation>%1 geladen.</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1 with %n error(s):</source>
        <translation>
            <numerusform>%1 mit %n Fehler geladen:</numerusform>
            <numerusform>%1 mit %n Fehlern geladen:</numerusform>
        </translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Saved %1 (it still has errors).</source>
        <translation>%1 gespeichert (es enthält noch Fehler).</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Load profile</source>
        <translation>Profil laden</translation>
    </message>
    <message>
        <source>Profile YAML (*.yaml *.yml);;All files (*)</source>
        <translation>Profil-YAML (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>Profil speichern</translation>
    </message>
    <message>
        <source>A starting point for the profile; its explanation is shown beside the form. Editing a field keeps the preset&apos;s name and marks the profile as changed.</source>
        <translation>Ein Ausgangspunkt für das Profil; seine Erklärung steht neben dem Formular. Das Bearbeiten eines Felds behält den Namen der Vorlage und markiert das Profil als geändert.</translation>
    </message>
    <message>
        <source>Errors (they block Next) and warnings about the values in the form. Enter on a finding moves the focus to its field.</source>
        <translation>Fehler (sie sperren Weiter) und Warnungen zu den Werten im Formular. Enter auf einem Befund setzt den Fokus in sein Feld.</translation>
    </message>
    <message>
        <source>A label for this profile; it heads every generated file.</source>
        <translation>Eine Bezeichnung für dieses Profil; sie steht über jeder erzeugten Datei.</translation>
    </message>
    <message>
        <source>Lossless uses PFC pause frames on the RoCE priority; ECN only relies on congestion marking and never pauses.</source>
        <translation>Verlustfrei nutzt PFC-Pause-Frames auf der RoCE-Priorität; nur ECN verlässt sich auf Überlastmarkierung und pausiert nie.</translation>
    </message>
    <message>
        <source>RoCE v2 runs over UDP/IP and can be routed; v1 stays inside one Ethernet segment.</source>
        <translation>RoCE v2 läuft über UDP/IP und ist routbar; v1 bleibt in einem Ethernet-Segment.</translation>
    </message>
    <message>
        <source>Which header the NICs and switches read the priority from: the DSCP of the IP header or the PCP of the VLAN tag.</source>
        <translation>Aus welchem Header die NICs und Switches die Priorität lesen: der DSCP des IP-Headers oder der PCP des VLAN-Tags.</translation>
    </message>
    <message>
        <source>The DSCP value (0 to 63) RoCE packets are sent with.</source>
        <translation>Der DSCP-Wert (0 bis 63), mit dem RoCE-Pakete gesendet werden.</translation>
    </message>
    <message>
        <source>The priority (0 to 7) RoCE traffic maps to; PFC protects this priority.</source>
        <translation>Die Priorität (0 bis 7), auf die RoCE-Verkehr abgebildet wird; PFC schützt diese Priorität.</translation>
    </message>
    <message>
        <source>The DSCP value of congestion notification packets.</source>
        <translation>Der DSCP-Wert der Congestion-Notification-Pakete (CNP).</translation>
    </message>
    <message>
        <source>The priority congestion notification packets map to.</source>
        <translation>Die Priorität, auf die Congestion-Notification-Pakete abgebildet werden.</translation>
    </message>
    <message>
        <source>Sends congestion notifications in a strict-priority class so they overtake data.</source>
        <translation>Sendet Congestion Notifications in einer Klasse mit strikter Priorität, damit sie Daten überholen.</translation>
    </message>
    <message>
        <source>Reserves a second small class, for example for a cluster heartbeat, with its own priority and DSCP.</source>
        <translation>Reserviert eine zweite kleine Klasse, etwa für einen Cluster-Heartbeat, mit eigener Priorität und eigenem DSCP.</translation>
    </message>
    <message>
        <source>The priority of the second class.</source>
        <translation>Die Priorität der zweiten Klasse.</translation>
    </message>
    <message>
        <source>The DSCP value of the second class.</source>
        <translation>Der DSCP-Wert der zweiten Klasse.</translation>
    </message>
    <message>
        <source>The MTU of the switch ports; it must be at least the host MTU plus headers.</source>
        <translation>Die MTU der Switch-Ports; sie muss mindestens die Host-MTU plus Header betragen.</translation>
    </message>
    <message>
        <source>Pause frames protect this priority from drops.</source>
        <translation>Pause-Frames schützen diese Priorität vor Verwerfen.</translation>
    </message>
    <message>
        <source>The traffic class (0 to 7) this priority is queued in.</source>
        <translation>Die Traffic Class (0 bis 7), in deren Warteschlange diese Priorität kommt.</translation>
    </message>
    <message>
        <source>The share of the link this traffic class gets under load; the classes that are not strict must add up to 100 %.</source>
        <translation>Der Anteil der Verbindung, den diese Traffic Class unter Last erhält; die nicht strikten Klassen müssen zusammen 100 % ergeben.</translation>
    </message>
    <message>
        <source>A strict class is always served first and takes no bandwidth share.</source>
        <translation>Eine strikte Klasse wird immer zuerst bedient und erhält keinen Bandbreitenanteil.</translation>
    </message>
    <message>
        <source>Lets the switch drop a queue that stays paused too long instead of spreading the pause.</source>
        <translation>Lässt den Switch eine zu lange pausierte Warteschlange verwerfen, statt die Pause weiterzugeben.</translation>
    </message>
    <message>
        <source>Switches mark packets of the RoCE class when their queue grows, so senders slow down (DCQCN).</source>
        <translation>Switches markieren Pakete der RoCE-Klasse, wenn ihre Warteschlange wächst, damit Sender drosseln (DCQCN).</translation>
    </message>
    <message>
        <source>Queue depth where marking starts.</source>
        <translation>Warteschlangentiefe, ab der markiert wird.</translation>
    </message>
    <message>
        <source>Queue depth where marking reaches its maximum probability.</source>
        <translation>Warteschlangentiefe, bei der die Markierung ihre maximale Wahrscheinlichkeit erreicht.</translation>
    </message>
    <message>
        <source>The marking probability at the maximum threshold.</source>
        <translation>Die Markierungswahrscheinlichkeit an der oberen Schwelle.</translation>
    </message>
    <message>
        <source>A willing host takes PFC and ETS from the switch through DCBX instead of its own settings.</source>
        <translation>Ein williger (willing) Host übernimmt PFC und ETS per DCBX vom Switch statt seiner eigenen Einstellungen.</translation>
    </message>
    <message>
        <source>Which LLDP agent speaks DCBX for the host: the operating system or the NIC firmware.</source>
        <translation>Welcher LLDP-Agent DCBX für den Host spricht: das Betriebssystem oder die NIC-Firmware.</translation>
    </message>
    <message>
        <source>The RoCE mode rdma_cm uses for new connections by default.</source>
        <translation>Der RoCE-Modus, den rdma_cm standardmäßig für neue Verbindungen verwendet.</translation>
    </message>
    <message>
        <source>The type of service rdma_cm sets on new connections: the DSCP times 4 plus the ECN bits.</source>
        <translation>Der Type of Service, den rdma_cm auf neuen Verbindungen setzt: der DSCP mal 4 plus die ECN-Bits.</translation>
    </message>
    <message>
        <source>Generates trust, PFC and ETS for switch ports that face hosts.</source>
        <translation>Erzeugt Trust, PFC und ETS für Switch-Ports, die zu Hosts zeigen.</translation>
    </message>
    <message>
        <source>Generates the same QoS on uplinks, so traffic stays lossless between switches.</source>
        <translation>Erzeugt dieselbe QoS auf den Uplinks, damit der Verkehr zwischen Switches verlustfrei bleibt.</translation>
    </message>
    <message>
        <source>The share of the switch buffer reserved for lossless traffic, where the platform lets you set it.</source>
        <translation>Der Anteil des Switch-Puffers, der für verlustfreien Verkehr reserviert ist, wo die Plattform das Einstellen erlaubt.</translation>
    </message>
    <message>
        <source>The profile of the last session.</source>
        <translation>Das Profil der letzten Sitzung.</translation>
    </message>
</context>
<context>
    <name>rp::ui::ReviewPage</name>
    <message>
        <source>Review</source>
        <translation>Überprüfen</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <source>Double-click a cell to edit it. Ports are separated by commas.</source>
        <translation>Doppelklicken Sie auf eine Zelle, um sie zu bearbeiten. Ports werden durch Kommas getrennt.</translation>
    </message>
    <message>
        <source>&amp;Add switch</source>
        <translation>Switch h&amp;inzufügen</translation>
    </message>
    <message>
        <source>Re&amp;move switch</source>
        <translation>Switch &amp;entfernen</translation>
    </message>
    <message>
        <source>Write one file per target plus plan.json into an empty folder, all or nothing.</source>
        <translation>Eine Datei je Ziel plus plan.json in einen leeren Ordner schreiben, alles oder nichts.</translation>
    </message>
    <message>
        <source>not discovered</source>
        <translation>nicht ermittelt</translation>
    </message>
    <message>
        <source>%1 (no RoCE port found)</source>
        <translation>%1 (kein RoCE-Port gefunden)</translation>
    </message>
    <message>
        <source>No plan: no discovered host has a RoCE port and no switch is listed. Add a switch above, or go back and discover hosts.</source>
        <translation>Kein Plan: kein ermittelter Host hat einen RoCE-Port, und kein Switch ist angegeben. Fügen Sie oben einen Switch hinzu oder gehen Sie zurück und ermitteln Sie Hosts.</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>Kein Plan: %1</translation>
    </message>
    <message>
        <source>Profile &apos;%1&apos;: %2 host(s) and %3 switch(es).</source>
        <translation>Profil „%1“: %2 Host(s) und %3 Switch(es).</translation>
    </message>
    <message numerus="yes">
        <source>%n profile warning(s), repeated at the top of every file.</source>
        <translation>
            <numerusform>%n Profilwarnung, oben in jeder Datei wiederholt.</numerusform>
            <numerusform>%n Profilwarnungen, oben in jeder Datei wiederholt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Left out: %1.</source>
        <translation>Ausgelassen: %1.</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy this target&apos;s plan to the clipboard.</source>
        <translation>Den Plan dieses Ziels in die Zwischenablage kopieren.</translation>
    </message>
    <message>
        <source>Plan for %1</source>
        <translation>Plan für %1</translation>
    </message>
    <message>
        <source>What will change, what already matches: %1 to change, %2 already so, %3 unknown (the host could not tell; see the note).</source>
        <translation>Was sich ändert, was schon stimmt: %1 zu ändern, %2 bereits so, %3 unbekannt (der Host konnte es nicht sagen; siehe Hinweis).</translation>
    </message>
    <message>
        <source>Changes on %1</source>
        <translation>Änderungen auf %1</translation>
    </message>
    <message>
        <source>Copied the plan for %1.</source>
        <translation>Plan für %1 kopiert.</translation>
    </message>
    <message>
        <source>Save all plan files to an empty folder</source>
        <translation>Alle Plandateien in einem leeren Ordner speichern</translation>
    </message>
    <message>
        <source>Saving to %1…</source>
        <translation>Speichere nach %1…</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to %1.</source>
        <translation>
            <numerusform>%n Datei in %1 gespeichert.</numerusform>
            <numerusform>%n Dateien in %1 gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>Nichts wurde gespeichert: %1</translation>
    </message>
    <message>
        <source>The plan for every discovered host and the switches you list: read each step, see what will change and what already matches, then copy or save the files. Nothing is applied on this page: the next one applies the plan.</source>
        <translation>Der Plan für jeden ermittelten Host und die Switches, die Sie angeben: Lesen Sie jeden Schritt, sehen Sie, was sich ändert und was schon stimmt, und kopieren oder speichern Sie dann die Dateien. Auf dieser Seite wird nichts angewendet: Die nächste wendet den Plan an.</translation>
    </message>
    <message>
        <source>The switches to generate a configuration for: name, vendor, management address and the ports facing hosts. F2 edits the current cell.</source>
        <translation>Die Switches, für die eine Konfiguration erzeugt wird: Name, Hersteller, Management-Adresse und die Ports zu den Hosts. F2 bearbeitet die aktuelle Zelle.</translation>
    </message>
    <message>
        <source>Adds a row to the switch table and starts editing its name.</source>
        <translation>Fügt der Switch-Tabelle eine Zeile hinzu und beginnt mit der Bearbeitung ihres Namens.</translation>
    </message>
    <message>
        <source>Removes the selected switches.</source>
        <translation>Entfernt die ausgewählten Switches.</translation>
    </message>
    <message>
        <source>Save all to fol&amp;der…</source>
        <translation>Alle in &amp;Ordner speichern…</translation>
    </message>
    <message>
        <source>Plan targets</source>
        <translation>Ziele des Plans</translation>
    </message>
    <message>
        <source>One tab per host and switch with its plan.</source>
        <translation>Ein Reiter je Host und Switch mit seinem Plan.</translation>
    </message>
    <message>
        <source>One tab per host and switch; the arrow keys switch between them.</source>
        <translation>Ein Reiter je Host und Switch; die Pfeiltasten wechseln zwischen ihnen.</translation>
    </message>
    <message>
        <source>Copy the plan for %1</source>
        <translation>Den Plan für %1 kopieren</translation>
    </message>
    <message>
        <source>Every step for %1 in order, with its check and its undo; read-only, select to copy.</source>
        <translation>Jeder Schritt für %1 der Reihe nach, mit seiner Prüfung und seinem Rückgängigmachen; schreibgeschützt, zum Kopieren markieren.</translation>
    </message>
    <message>
        <source>Each setting the plan sets on %1: what the host has now, what the plan wants, and whether it will change, already matches or is unknown.</source>
        <translation>Jede Einstellung, die der Plan auf %1 setzt: was der Host jetzt hat, was der Plan will und ob sie sich ändert, bereits passt oder unbekannt ist.</translation>
    </message>
</context>
<context>
    <name>rp::ui::SettingDiffModel</name>
    <message>
        <source>PFC priorities</source>
        <translation>PFC-Prioritäten</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Trust</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>VLAN</source>
        <translation>VLAN</translation>
    </message>
    <message>
        <source>VLAN egress PCP (every priority)</source>
        <translation>VLAN-Egress-PCP (jede Priorität)</translation>
    </message>
    <message>
        <source>ETS (TC:bandwidth)</source>
        <translation>ETS (TC:Bandbreite)</translation>
    </message>
    <message>
        <source>CNP priority</source>
        <translation>CNP-Priorität</translation>
    </message>
    <message>
        <source>CNP DSCP</source>
        <translation>CNP-DSCP</translation>
    </message>
    <message>
        <source>CNP traffic class</source>
        <translation>CNP-Verkehrsklasse</translation>
    </message>
    <message>
        <source>ECN marking</source>
        <translation>ECN-Markierung</translation>
    </message>
    <message>
        <source>PFC watchdog</source>
        <translation>PFC-Watchdog</translation>
    </message>
    <message>
        <source>rdma_cm default RoCE mode</source>
        <translation>rdma_cm-Standard-RoCE-Modus</translation>
    </message>
    <message>
        <source>rdma_cm default ToS</source>
        <translation>rdma_cm-Standard-ToS</translation>
    </message>
    <message>
        <source>DSCP %1 → traffic class</source>
        <translation>DSCP %1 → Verkehrsklasse</translation>
    </message>
    <message>
        <source>PCP %1 → traffic class</source>
        <translation>PCP %1 → Verkehrsklasse</translation>
    </message>
    <message>
        <source>DSCP %1 → priority</source>
        <translation>DSCP %1 → Priorität</translation>
    </message>
    <message>
        <source>Priority %1 → traffic class</source>
        <translation>Priorität %1 → Verkehrsklasse</translation>
    </message>
    <message>
        <source>will change</source>
        <translation>wird geändert</translation>
    </message>
    <message>
        <source>already so</source>
        <translation>bereits so</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>(whole host)</source>
        <translation>(ganzer Host)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>Wanted</source>
        <translation>Gewünscht</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>rp::ui::SshConfigImport</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>rp::ui::StepModel</name>
    <message>
        <source>will run</source>
        <translation>wird ausgeführt</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>geprüft</translation>
    </message>
    <message>
        <source>already so</source>
        <translation>bereits so</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>rückgängig gemacht</translation>
    </message>
    <message>
        <source>undo failed</source>
        <translation>Rückgängigmachen fehlgeschlagen</translation>
    </message>
    <message>
        <source>(dead-man)</source>
        <translation>(Totmannschalter)</translation>
    </message>
    <message>
        <source>(under a dead-man)</source>
        <translation>(unter Totmannschalter)</translation>
    </message>
    <message>
        <source>the read-back already shows the wanted value</source>
        <translation>das Zurücklesen zeigt bereits den gewünschten Wert</translation>
    </message>
    <message>
        <source>undo: %1</source>
        <translation>Rückgängig: %1</translation>
    </message>
    <message>
        <source>no exact undo: %1</source>
        <translation>kein exaktes Rückgängigmachen: %1</translation>
    </message>
    <message>
        <source>Before: %1
After: %2</source>
        <translation>Vorher: %1
Nachher: %2</translation>
    </message>
    <message>
        <source>shows %1</source>
        <translation>zeigt %1</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Reason / message</source>
        <translation>Grund / Meldung</translation>
    </message>
    <message>
        <source>Read back</source>
        <translation>Zurückgelesen</translation>
    </message>
</context>
<context>
    <name>rp::ui::SwitchModel</name>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>Hersteller</translation>
    </message>
    <message>
        <source>Host ports</source>
        <translation>Host-Ports</translation>
    </message>
    <message>
        <source>Uplink ports</source>
        <translation>Uplink-Ports</translation>
    </message>
</context>
<context>
    <name>rp::ui::TestPage</name>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Measure latency and throughput between the hosts over RDMA (and TCP or perftest to compare), with both hosts&apos; counters on the same time axis. Every run is saved as it goes; export a PDF, CSV or JSON report for whoever needs it.</source>
        <translation>Messen Sie Latenz und Durchsatz zwischen den Hosts über RDMA (und zum Vergleich über TCP oder perftest), mit den Zählern beider Hosts auf derselben Zeitachse. Jeder Lauf wird fortlaufend gespeichert; exportieren Sie einen PDF-, CSV- oder JSON-Bericht für alle, die ihn brauchen.</translation>
    </message>
</context>
<context>
    <name>rp::ui::Dashboard</name>
    <message>
        <source>One pair</source>
        <translation>Ein Paar</translation>
    </message>
    <message>
        <source>One to many (server against each other host)</source>
        <translation>Einer an viele (Server gegen jeden anderen Host)</translation>
    </message>
    <message>
        <source>All to all (every pair, no host in two tests at once)</source>
        <translation>Alle an alle (jedes Paar, kein Host in zwei Tests gleichzeitig)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;Server</source>
        <translation>&amp;Server</translation>
    </message>
    <message>
        <source>&amp;Client</source>
        <translation>&amp;Client</translation>
    </message>
    <message>
        <source>RDMA (verbs)</source>
        <translation>RDMA (Verbs)</translation>
    </message>
    <message>
        <source>TCP (baseline)</source>
        <translation>TCP (Referenz)</translation>
    </message>
    <message>
        <source>perftest (ib_*_lat / ib_*_bw)</source>
        <translation>perftest (ib_*_lat / ib_*_bw)</translation>
    </message>
    <message>
        <source>Tr&amp;ansport</source>
        <translation>&amp;Transport</translation>
    </message>
    <message>
        <source>ping (latency)</source>
        <translation>ping (Latenz)</translation>
    </message>
    <message>
        <source>blast (throughput)</source>
        <translation>blast (Durchsatz)</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>&amp;Modus</translation>
    </message>
    <message>
        <source>O&amp;peration</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>A size (64, 4K, 1M) or a sweep FROM:TO of powers of two (1:64K)</source>
        <translation>Eine Größe (64, 4K, 1M) oder ein Sweep VON:BIS über Zweierpotenzen (1:64K)</translation>
    </message>
    <message>
        <source>Si&amp;ze or sweep</source>
        <translation>&amp;Größe oder Sweep</translation>
    </message>
    <message>
        <source> s per size</source>
        <translation> s pro Größe</translation>
    </message>
    <message>
        <source>&amp;Duration</source>
        <translation>Da&amp;uer</translation>
    </message>
    <message>
        <source>busy-poll</source>
        <translation>Busy-Poll</translation>
    </message>
    <message>
        <source>events (sleep)</source>
        <translation>Ereignisse (schlafen)</translation>
    </message>
    <message>
        <source>Complet&amp;ions</source>
        <translation>Com&amp;pletions</translation>
    </message>
    <message>
        <source>D&amp;epth (blast)</source>
        <translation>T&amp;iefe (blast)</translation>
    </message>
    <message>
        <source>WRs per post</source>
        <translation>WRs pro Post</translation>
    </message>
    <message>
        <source>Signal every</source>
        <translation>Signal alle</translation>
    </message>
    <message>
        <source>send small messages inline</source>
        <translation>kleine Nachrichten inline senden</translation>
    </message>
    <message>
        <source>from the address (rdma_cm)</source>
        <translation>aus der Adresse (rdma_cm)</translation>
    </message>
    <message>
        <source>&amp;GID index</source>
        <translation>GID-I&amp;ndex</translation>
    </message>
    <message>
        <source>device default</source>
        <translation>Gerätestandard</translation>
    </message>
    <message>
        <source>T&amp;oS</source>
        <translation>T&amp;oS</translation>
    </message>
    <message>
        <source>e.g. before PFC</source>
        <translation>z. B. vor PFC</translation>
    </message>
    <message>
        <source>&amp;Label</source>
        <translation>&amp;Bezeichnung</translation>
    </message>
    <message>
        <source>S&amp;tart</source>
        <translation>Start&amp;en</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>Stopp&amp;en</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Bereit.</translation>
    </message>
    <message>
        <source>Runs of this session; check several to compare them in a report</source>
        <translation>Läufe dieser Sitzung; markieren Sie mehrere, um sie in einem Bericht zu vergleichen</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Open r&amp;un…</source>
        <translation>Lauf ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Compare &amp;with…</source>
        <translation>&amp;Vergleichen mit…</translation>
    </message>
    <message>
        <source>Draw another saved run over the charts (dashed), e.g. before/after a change</source>
        <translation>Einen weiteren gespeicherten Lauf (gestrichelt) über die Diagramme legen, z. B. vor/nach einer Änderung</translation>
    </message>
    <message>
        <source>E&amp;xport report…</source>
        <translation>Bericht e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>Diagramm exportie&amp;ren…</translation>
    </message>
    <message>
        <source>Live charts</source>
        <translation>Live-Diagramme</translation>
    </message>
    <message>
        <source>p50 one-way latency (µs)</source>
        <translation>p50-Einweg-Latenz (µs)</translation>
    </message>
    <message>
        <source>throughput (Gb/s)</source>
        <translation>Durchsatz (Gb/s)</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Host × host</source>
        <translation>Host × Host</translation>
    </message>
    <message>
        <source>Compare with a saved run</source>
        <translation>Mit einem gespeicherten Lauf vergleichen</translation>
    </message>
    <message>
        <source>RoCE Pilot runs (*.rprun);;All files (*)</source>
        <translation>RoCE-Pilot-Läufe (*.rprun);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>a sweep is FROM:TO, e.g. 1:64K</source>
        <translation>ein Sweep ist VON:BIS, z. B. 1:64K</translation>
    </message>
    <message>
        <source>the size is a number of bytes (64, 4K, 1M)</source>
        <translation>die Größe ist eine Anzahl Bytes (64, 4K, 1M)</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>Start nicht möglich: %1</translation>
    </message>
    <message>
        <source>Cannot start: the project has no hosts.</source>
        <translation>Start nicht möglich: Das Projekt hat keine Hosts.</translation>
    </message>
    <message>
        <source>Cannot start: pick two different hosts (a host can only be in one test at once).</source>
        <translation>Start nicht möglich: Wählen Sie zwei verschiedene Hosts (ein Host kann nur in einem Test zugleich sein).</translation>
    </message>
    <message>
        <source>Cannot start: one-to-many and all-to-all need two or more hosts.</source>
        <translation>Start nicht möglich: „Einer an viele“ und „Alle an alle“ brauchen zwei oder mehr Hosts.</translation>
    </message>
    <message>
        <source>Cannot create the runs folder %1</source>
        <translation>Der Ordner für Läufe %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>counters: %1</source>
        <translation>Zähler: %1</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped. What was measured is saved (%n run file(s)).</source>
        <translation>
            <numerusform>Gestoppt. Das Gemessene ist gespeichert (%n Laufdatei).</numerusform>
            <numerusform>Gestoppt. Das Gemessene ist gespeichert (%n Laufdateien).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n run(s) saved in %1.</source>
        <translation>
            <numerusform>Fertig: %n Lauf in %1 gespeichert.</numerusform>
            <numerusform>Fertig: %n Läufe in %1 gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Compared with %1: %2</source>
        <translation>Verglichen mit %1: %2</translation>
    </message>
    <message>
        <source>choose a .pdf, .csv or .json file name</source>
        <translation>wählen Sie einen Dateinamen mit .pdf, .csv oder .json</translation>
    </message>
    <message>
        <source>Open a saved run</source>
        <translation>Einen gespeicherten Lauf öffnen</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>Lauf öffnen</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Run a test or open a saved run first.</source>
        <translation>Führen Sie zuerst einen Test aus oder öffnen Sie einen gespeicherten Lauf.</translation>
    </message>
    <message>
        <source>PDF report (*.pdf);;Summary CSV (*.csv);;JSON (*.json)</source>
        <translation>PDF-Bericht (*.pdf);;Zusammenfassung als CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht nach %1 geschrieben</translation>
    </message>
    <message>
        <source>Export the throughput, latency, CPU and counter charts</source>
        <translation>Die Diagramme für Durchsatz, Latenz, CPU und Zähler exportieren</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Charts written next to %1</source>
        <translation>Diagramme neben %1 geschrieben</translation>
    </message>
    <message>
        <source>Pair shown in the live charts</source>
        <translation>In den Live-Diagrammen gezeigtes Paar</translation>
    </message>
    <message>
        <source>One-to-many and all-to-all run several pairs at once: pick the one the live charts follow</source>
        <translation>„Einer an viele“ und „Alle an alle“ führen mehrere Paare gleichzeitig aus: Wählen Sie das, dem die Live-Diagramme folgen</translation>
    </message>
    <message>
        <source>the running pair (first of each round)</source>
        <translation>das laufende Paar (erstes jeder Runde)</translation>
    </message>
    <message>
        <source>Live charts of</source>
        <translation>Live-&amp;Kurven von</translation>
    </message>
    <message>
        <source>Heatmap metric</source>
        <translation>Heatmap-Metrik</translation>
    </message>
    <message>
        <source>p99 one-way latency (µs)</source>
        <translation>p99-Einweg-Latenz (µs)</translation>
    </message>
    <message>
        <source>error counter events (loss, timeouts, storms)</source>
        <translation>Fehlerzähler-Ereignisse (Verlust, Timeouts, Stürme)</translation>
    </message>
    <message>
        <source>Host by host heatmap; click a cell to open that pair&apos;s run</source>
        <translation>Heatmap Host gegen Host; klicken Sie auf eine Zelle, um den Lauf dieses Paars zu öffnen</translation>
    </message>
    <message>
        <source>Click a cell to open that pair&apos;s run in the live charts</source>
        <translation>Klicken Sie auf eine Zelle, um den Lauf dieses Paars in den Live-Diagrammen zu öffnen</translation>
    </message>
    <message>
        <source>Worst pairs</source>
        <translation>Schlechteste Paare</translation>
    </message>
    <message>
        <source>The ten worst pairs of the metric; activate a row to open that pair&apos;s run</source>
        <translation>Die zehn schlechtesten Paare der Metrik; aktivieren Sie eine Zeile, um den Lauf dieses Paars zu öffnen</translation>
    </message>
    <message>
        <source>Pair (client → server)</source>
        <translation>Paar (Client → Server)</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>%1: its run opens here once the test has finished</source>
        <translation>%1: sein Lauf öffnet sich hier, sobald der Test beendet ist</translation>
    </message>
    <message>
        <source>%1 has no saved run</source>
        <translation>%1 hat keinen gespeicherten Lauf</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Open this pair&apos;s run in the live charts</source>
        <translation>Den Lauf dieses Paars in den Live-Diagrammen öffnen</translation>
    </message>
    <message>
        <source>PDF, vector (*.pdf);;SVG, vector (*.svg);;PNG (*.png)</source>
        <translation>PDF, Vektor (*.pdf);;SVG, Vektor (*.svg);;PNG (*.png)</translation>
    </message>
</context>
<context>
    <name>rp::ui::TroubleshootPage</name>
    <message>
        <source>Troubleshoot</source>
        <translation>Fehlersuche</translation>
    </message>
    <message>
        <source>Finds GID, RoCE version, VLAN, MTU, PFC, trust, DSCP and ToS mismatches between hosts that talk to each other, live or from outputs you paste. Each finding shows what was read where, what it means and the fix.</source>
        <translation>Findet Abweichungen bei GID, RoCE-Version, VLAN, MTU, PFC, Trust, DSCP und ToS zwischen Hosts, die miteinander kommunizieren, live oder anhand eingefügter Ausgaben. Jeder Befund zeigt, was wo gelesen wurde, was es bedeutet und wie es sich beheben lässt.</translation>
    </message>
    <message>
        <source>&amp;Import outputs…</source>
        <translation>Ausgaben &amp;importieren…</translation>
    </message>
    <message>
        <source>Files with saved or pasted outputs (ibv_devinfo, show_gids, sysfs, ip, dcb, mlnx_qos, ethtool -S, perftest, …), several hosts per file</source>
        <translation>Dateien mit gespeicherten oder eingefügten Ausgaben (ibv_devinfo, show_gids, sysfs, ip, dcb, mlnx_qos, ethtool -S, perftest, …), mehrere Hosts pro Datei</translation>
    </message>
    <message>
        <source>&amp;Active checks (RDMA ping per GID index, test port)</source>
        <translation>Akti&amp;ve Prüfungen (RDMA-Ping je GID-Index, Testport)</translation>
    </message>
    <message>
        <source>Runs rocepilot-probe between hosts that share a subnet: a few RDMA pings over each candidate GID index and a TCP connect to port 18515</source>
        <translation>Führt rocepilot-probe zwischen Hosts im selben Subnetz aus: einige RDMA-Pings über jeden infrage kommenden GID-Index und einen TCP-Verbindungsaufbau zu Port 18515</translation>
    </message>
    <message>
        <source>&amp;Re-check</source>
        <translation>E&amp;rneut prüfen</translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>Abbreche&amp;n</translation>
    </message>
    <message>
        <source>&amp;Copy fix</source>
        <translation>Korrektur &amp;kopieren</translation>
    </message>
    <message>
        <source>Reachability matrix</source>
        <translation>Erreichbarkeitsmatrix</translation>
    </message>
    <message>
        <source>Evidence and fix</source>
        <translation>Belege und Korrektur</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>Reachability</source>
        <translation>Erreichbarkeit</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Import outputs</source>
        <translation>Ausgaben importieren</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Add hosts on the Hosts page, or import outputs.</source>
        <translation>Fügen Sie auf der Seite „Hosts und Switches“ Hosts hinzu oder importieren Sie Ausgaben.</translation>
    </message>
    <message>
        <source>Import or paste outputs first.</source>
        <translation>Importieren oder fügen Sie zuerst Ausgaben ein.</translation>
    </message>
    <message>
        <source>Reading the outputs…</source>
        <translation>Lese die Ausgaben…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n host(s)…</source>
        <translation>
            <numerusform>Lese %n Host…</numerusform>
            <numerusform>Lese %n Hosts…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: the findings cover what was read before.</source>
        <translation>Abgebrochen: Die Befunde decken ab, was bis dahin gelesen wurde.</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) checked: </source>
        <translation>
            <numerusform>%n Host geprüft: </numerusform>
            <numerusform>%n Hosts geprüft: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s), </source>
        <translation>
            <numerusform>%n Fehler, </numerusform>
            <numerusform>%n Fehler, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation>
            <numerusform>%n Warnung.</numerusform>
            <numerusform>%n Warnungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be used; first: %1</source>
        <translation>
            <numerusform>%n Zeile konnte nicht verwendet werden; erste: %1</numerusform>
            <numerusform>%n Zeilen konnten nicht verwendet werden; erste: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Not measured. Tick “Active checks” and Re-check to ping between the hosts over each GID index.</source>
        <translation>Nicht gemessen. Aktivieren Sie „Aktive Prüfungen“ und klicken Sie auf Erneut prüfen, um zwischen den Hosts über jeden GID-Index zu pingen.</translation>
    </message>
    <message>
        <source>✓ works</source>
        <translation>✓ funktioniert</translation>
    </message>
    <message>
        <source>✗ fails</source>
        <translation>✗ schlägt fehl</translation>
    </message>
    <message>
        <source>Paste outputs here: show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, switch shows, … of one host or several, each under its prompt or name. Or drop files. The findings follow as you paste.</source>
        <translation>Ausgaben hier einfügen: show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, Switch-Ausgaben, … eines oder mehrerer Hosts, jeder unter seinem Prompt oder Namen. Oder Dateien hierher ziehen. Die Befunde folgen beim Einfügen.</translation>
    </message>
    <message>
        <source>Pasted outputs</source>
        <translation>Eingefügte Ausgaben</translation>
    </message>
    <message>
        <source>&amp;Pasted outputs:</source>
        <translation>Einge&amp;fügte Ausgaben:</translation>
    </message>
    <message>
        <source>Paste the outputs of the hosts (and of their test runs) into the box, or import files: the findings follow as you paste.</source>
        <translation>Fügen Sie die Ausgaben der Hosts (und ihrer Testläufe) in das Feld ein oder importieren Sie Dateien: Die Befunde folgen beim Einfügen.</translation>
    </message>
    <message>
        <source>paste</source>
        <comment>the paste box&apos;s name in line references such as paste:12</comment>
        <translation>Einfügung</translation>
    </message>
    <message>
        <source>Imported: %1 (&lt;a href=&quot;clear&quot;&gt;remove&lt;/a&gt;)</source>
        <translation>Importiert: %1 (&lt;a href=&quot;clear&quot;&gt;entfernen&lt;/a&gt;)</translation>
    </message>
    <message numerus="yes">
        <source>The pasted text is larger than %n MiB and was not read; import it as files in parts.</source>
        <translation>
            <numerusform>Der eingefügte Text ist größer als %n MiB und wurde nicht gelesen; importieren Sie ihn in Teilen als Dateien.</numerusform>
            <numerusform>Der eingefügte Text ist größer als %n MiB und wurde nicht gelesen; importieren Sie ihn in Teilen als Dateien.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing in the outputs could be read: paste them as the hosts printed them (show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, …), each under its prompt or name.</source>
        <translation>In den Ausgaben konnte nichts gelesen werden: Fügen Sie sie so ein, wie die Hosts sie ausgegeben haben (show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, …), jede unter ihrem Prompt oder Namen.</translation>
    </message>
</context>
<context>
    <name>rp::ui::WelcomePage</name>
    <message>
        <source>Welcome to RoCE Pilot</source>
        <translation>Willkommen bei RoCE Pilot</translation>
    </message>
    <message>
        <source>This wizard takes you through a first RDMA over Converged Ethernet (RoCE) deployment. What would you like to do?</source>
        <translation>Dieser Assistent führt Sie durch eine erste Bereitstellung von RDMA over Converged Ethernet (RoCE). Was möchten Sie tun?</translation>
    </message>
    <message>
        <source>&amp;Troubleshoot an existing fabric</source>
        <translation>Fehler&amp;suche in einer bestehenden Fabric</translation>
    </message>
    <message>
        <source>&amp;Import outputs collected earlier</source>
        <translation>Früher gesammelte Ausgaben &amp;importieren</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>Projekt ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Load hosts and settings saved earlier (a RoCE Pilot project YAML file).</source>
        <translation>Früher gespeicherte Hosts und Einstellungen laden (eine RoCE-Pilot-Projektdatei im YAML-Format).</translation>
    </message>
    <message>
        <source>Next you list the hosts (and later the switches) that take part, check that RoCE Pilot can log in to each of them, and read which RDMA devices, ports and GIDs every host has. The configuration steps build on what is found.</source>
        <translation>Als Nächstes führen Sie die beteiligten Hosts (und später die Switches) auf, prüfen, ob sich RoCE Pilot bei jedem anmelden kann, und lesen aus, welche RDMA-Geräte, Ports und GIDs jeder Host hat. Die Konfigurationsschritte bauen auf dem Gefundenen auf.</translation>
    </message>
    <message>
        <source>Next you list the hosts of the fabric and read their RDMA devices, port states and GID tables. RoCE Pilot marks the GID each port should use and points out duplicate or inconsistent entries.</source>
        <translation>Als Nächstes führen Sie die Hosts der Fabric auf und lesen ihre RDMA-Geräte, Portzustände und GID-Tabellen aus. RoCE Pilot markiert die GID, die jeder Port verwenden sollte, und weist auf doppelte oder widersprüchliche Einträge hin.</translation>
    </message>
    <message>
        <source>Next you add a host for each recorded sysfs tree (Add host, &quot;Run on this computer&quot;, then choose the recorded tree). Discovery reads the recording exactly as it would read a live host.</source>
        <translation>Als Nächstes legen Sie für jeden aufgezeichneten sysfs-Baum einen Host an („Host hinzufügen“, „Auf diesem Computer ausführen“, dann den aufgezeichneten Baum wählen). Die Ermittlung liest die Aufzeichnung genau so, wie sie einen laufenden Host lesen würde.</translation>
    </message>
    <message>
        <source>Or continue with a project you saved before:</source>
        <translation>Oder mit einem früher gespeicherten Projekt weitermachen:</translation>
    </message>
    <message>
        <source>Plan a ne&amp;w deployment</source>
        <translation>Eine &amp;neue Bereitstellung planen</translation>
    </message>
    <message>
        <source>Try it on the built-in Soft-RoCE &amp;lab</source>
        <translation>Im eingebauten Soft-RoCE-&amp;Labor ausprobieren</translation>
    </message>
    <message>
        <source>No RDMA hardware needed: RoCE Pilot boots two small virtual machines (lab-a and lab-b, under qemu) whose Soft-RoCE devices talk RoCE to each other, adds them as hosts and discovers them.</source>
        <translation>Keine RDMA-Hardware nötig: RoCE Pilot startet zwei kleine virtuelle Maschinen (lab-a und lab-b, unter qemu), deren Soft-RoCE-Geräte per RoCE miteinander sprechen, fügt sie als Hosts hinzu und ermittelt sie.</translation>
    </message>
    <message>
        <source>Chec&amp;k and watch a running fabric</source>
        <translation>Laufende Fabric prüfen und &amp;beobachten</translation>
    </message>
    <message>
        <source>Next you list the hosts of a fabric that is already set up and read their GIDs; then RoCE Pilot probes every host pair over every GID, once or live until you stop it, names the NIC, link or switch that fails with its fix, and exports the report. Nothing on the hosts is changed.</source>
        <translation>Als Nächstes listen Sie die Hosts einer bereits eingerichteten Fabric auf und lesen ihre GIDs; dann prüft RoCE Pilot jedes Host-Paar über jede GID, einmal oder live bis zum Stopp, benennt die fehlerhafte NIC, Verbindung oder den Switch mit der Korrektur und exportiert den Bericht. An den Hosts wird nichts geändert.</translation>
    </message>
</context>
<context>
    <name>rp::ui::Wizard</name>
    <message>
        <source>RoCE Pilot</source>
        <translation>RoCE Pilot</translation>
    </message>
    <message>
        <source>Fi&amp;nish</source>
        <translation>Fertigstellen</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Weiter &gt;</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>the Review page has no plan (see its status).</source>
        <translation>die Seite „Überprüfen“ hat keinen Plan (siehe ihren Status).</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Returns to the previous page; nothing is undone.</source>
        <translation>Kehrt zur vorherigen Seite zurück; nichts wird rückgängig gemacht.</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Goes on to the next page once this one is complete; Enter presses it.</source>
        <translation>Geht zur nächsten Seite, sobald diese vollständig ist; Enter drückt diese Schaltfläche.</translation>
    </message>
    <message>
        <source>Closes RoCE Pilot, asking to save changes first.</source>
        <translation>Schließt RoCE Pilot und fragt vorher, ob Änderungen gespeichert werden sollen.</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Fertigstellen</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricFindingModel</name>
    <message>
        <source>host NIC</source>
        <translation>Host-NIC</translation>
    </message>
    <message>
        <source>host agent</source>
        <translation>Host-Agent</translation>
    </message>
    <message>
        <source>host configuration</source>
        <translation>Host-Konfiguration</translation>
    </message>
    <message>
        <source>access link</source>
        <translation>Zugangsleitung</translation>
    </message>
    <message>
        <source>ToR switch</source>
        <translation>ToR-Switch</translation>
    </message>
    <message>
        <source>uplink</source>
        <translation>Uplink</translation>
    </message>
    <message>
        <source>busy host</source>
        <translation>ausgelasteter Host</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt;, confidence %3 %</source>
        <translation>%1 &lt;b&gt;%2&lt;/b&gt;, Sicherheit %3 %</translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <translation>%1 %2 (%3 %)</translation>
    </message>
    <message>
        <source>Or:</source>
        <translation>Oder:</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>Because of:</source>
        <translation>Ursache:</translation>
    </message>
    <message>
        <source>Fix on %1</source>
        <translation>Behebung auf %1</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricMatrixModel</name>
    <message>
        <source>(no ToR)</source>
        <translation>(kein ToR)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>not probed in this round (sampled peers only across ToRs)</source>
        <translation>in dieser Runde nicht geprüft (über ToRs hinweg nur ausgewählte Partner)</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s)</source>
        <translation>
            <numerusform>%n Zelle</numerusform>
            <numerusform>%n Zellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed against expectation</source>
        <translation>
            <numerusform>%n unerwartet fehlgeschlagen</numerusform>
            <numerusform>%n unerwartet fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fail by design</source>
        <translation>
            <numerusform>%n schlägt planmäßig fehl</numerusform>
            <numerusform>%n schlagen planmäßig fehl</numerusform>
        </translation>
    </message>
    <message>
        <source>worst: %1</source>
        <translation>schlimmster Grund: %1</translation>
    </message>
    <message>
        <source>loss %1 %, RTT p99 %2 µs</source>
        <translation>Verlust %1 %, RTT p99 %2 µs</translation>
    </message>
    <message>
        <source>every cell answers, but more than %1 % of the probes are lost</source>
        <translation>jede Zelle antwortet, aber mehr als %1 % der Proben gehen verloren</translation>
    </message>
    <message>
        <source>%1 probes (row)</source>
        <translation>%1 sendet (Zeile)</translation>
    </message>
    <message>
        <source>%1 answers (column)</source>
        <translation>%1 antwortet (Spalte)</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>RoCE version</source>
        <translation>RoCE-Version</translation>
    </message>
    <message>
        <source>other subnet</source>
        <translation>anderes Subnetz</translation>
    </message>
    <message>
        <source>link-local</source>
        <translation>link-local</translation>
    </message>
    <message>
        <source>empty slot</source>
        <translation>leerer Eintrag</translation>
    </message>
    <message>
        <source>port blocked</source>
        <translation>Port gesperrt</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>agent down</source>
        <translation>Agent ausgefallen</translation>
    </message>
    <message>
        <source>host busy</source>
        <translation>Host ausgelastet</translation>
    </message>
    <message>
        <source>Expected: a RoCE v1 GID cannot reach a v2 one (v1 is not routable and v2 peers ignore it).</source>
        <translation>Erwartet: eine RoCE-v1-GID erreicht keine v2-GID (v1 ist nicht routbar, v2-Gegenstellen ignorieren es).</translation>
    </message>
    <message>
        <source>Expected: the GIDs sit in different subnets or VLANs and the fabric is not routed between them.</source>
        <translation>Erwartet: die GIDs liegen in verschiedenen Subnetzen oder VLANs, zwischen denen die Fabric nicht routet.</translation>
    </message>
    <message>
        <source>Expected: a link-local GID is not reachable from a routed (RoCE v2) GID.</source>
        <translation>Erwartet: eine link-local-GID ist von einer gerouteten (RoCE-v2-)GID aus nicht erreichbar.</translation>
    </message>
    <message>
        <source>Expected: the GID slot is empty; nothing can answer there.</source>
        <translation>Erwartet: der GID-Eintrag ist leer; dort kann nichts antworten.</translation>
    </message>
    <message>
        <source>Expected by the plan: %1.</source>
        <translation>Laut Plan erwartet: %1.</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricPage</name>
    <message>
        <source>Check the fabric</source>
        <translation>Fabric prüfen</translation>
    </message>
    <message>
        <source>Before testing: probe every host pair over the network the hosts will use, and every GID over RDMA, then name the element that fails (NIC, link, ToR, uplink) with its evidence and fix.</source>
        <translation>Vor dem Test: jedes Host-Paar über das Netz prüfen, das die Hosts nutzen werden, und jede GID über RDMA, dann das fehlerhafte Element (NIC, Leitung, ToR, Uplink) mit Belegen und Behebung benennen.</translation>
    </message>
    <message>
        <source>&amp;Check the fabric</source>
        <translation>Fabric &amp;prüfen</translation>
    </message>
    <message>
        <source>Starts a probe agent on every discovered host, probes every pair for a few seconds, stops the agents and shows the verdict.</source>
        <translation>Startet auf jedem erkannten Host einen Prüf-Agenten, prüft jedes Paar einige Sekunden lang, stoppt die Agenten und zeigt das Ergebnis.</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stoppen</translation>
    </message>
    <message>
        <source>Stops the check; every agent is stopped before it returns.</source>
        <translation>Stoppt die Prüfung; jeder Agent wird gestoppt, bevor sie endet.</translation>
    </message>
    <message>
        <source>Probe every GID over &amp;RDMA</source>
        <translation>Jede GID über &amp;RDMA prüfen</translation>
    </message>
    <message>
        <source>Besides UDP, probes each (source GID, destination GID) cell over RDMA UD; without it every result is a UDP one.</source>
        <translation>Prüft neben UDP jede Zelle (Quell-GID, Ziel-GID) über RDMA UD; ohne diese Option ist jedes Ergebnis ein UDP-Ergebnis.</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>Anzeige&amp;n:</translation>
    </message>
    <message>
        <source>Loss %</source>
        <translation>Verlust %</translation>
    </message>
    <message>
        <source>RTT p99</source>
        <translation>RTT p99</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>What the matrix cells show: packet loss or the 99th percentile RTT.</source>
        <translation>Was die Zellen der Matrix zeigen: Paketverlust oder das 99. Perzentil der RTT.</translation>
    </message>
    <message>
        <source>Not checked yet: press Check the fabric.</source>
        <translation>Noch nicht geprüft: Fabric prüfen drücken.</translation>
    </message>
    <message>
        <source>Hosts: rows probe, columns answer</source>
        <translation>Hosts: Zeilen senden, Spalten antworten</translation>
    </message>
    <message>
        <source>Host matrix</source>
        <translation>Host-Matrix</translation>
    </message>
    <message>
        <source>One cell per directed host pair: green worked (darker is worse), orange lost more than 5 %, red failed, grey fails by design. Click a cell or use the arrow keys to see its GID matrix below.</source>
        <translation>Eine Zelle je gerichtetem Host-Paar: grün funktioniert (dunkler ist schlechter), orange mehr als 5 % verloren, rot fehlgeschlagen, grau schlägt planmäßig fehl. Eine Zelle anklicken oder die Pfeiltasten nutzen, um unten ihre GID-Matrix zu sehen.</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>What the check found, one element each; select one to see its evidence and fix and to mark it in the matrix.</source>
        <translation>Was die Prüfung gefunden hat, je ein Element; einen auswählen, um Belege und Behebung zu sehen und ihn in der Matrix zu markieren.</translation>
    </message>
    <message>
        <source>Select a finding to see its evidence and fix.</source>
        <translation>Einen Befund auswählen, um Belege und Behebung zu sehen.</translation>
    </message>
    <message>
        <source>Finding detail</source>
        <translation>Befund im Detail</translation>
    </message>
    <message>
        <source>The selected finding&apos;s evidence, explanation and fix.</source>
        <translation>Belege, Erklärung und Behebung des ausgewählten Befunds.</translation>
    </message>
    <message>
        <source>GIDs: click a cell of the matrix to see its pair&apos;s GID x GID cells.</source>
        <translation>GIDs: eine Zelle der Matrix anklicken, um die GID-x-GID-Zellen ihres Paars zu sehen.</translation>
    </message>
    <message>
        <source>GID matrix</source>
        <translation>GID-Matrix</translation>
    </message>
    <message>
        <source>The selected pair&apos;s cells, source GIDs in rows and destination GIDs in columns, each with its reason; hover a cell for why it fails.</source>
        <translation>Die Zellen des ausgewählten Paars, Quell-GIDs in Zeilen, Ziel-GIDs in Spalten, jede mit ihrem Grund; mit der Maus über eine Zelle fahren, um zu sehen, warum sie fehlschlägt.</translation>
    </message>
    <message>
        <source>Stopping the agents…</source>
        <translation>Agenten werden gestoppt…</translation>
    </message>
    <message>
        <source>Not checked: no discovered host. Discover the hosts first (the Discover page).</source>
        <translation>Nicht geprüft: kein erkannter Host. Zuerst die Hosts erkennen (Seite Erkennen).</translation>
    </message>
    <message numerus="yes">
        <source>Checking %n host(s)…</source>
        <translation>
            <numerusform>Prüfe %n Host…</numerusform>
            <numerusform>Prüfe %n Hosts…</numerusform>
        </translation>
    </message>
    <message>
        <source>Watch &amp;live</source>
        <translation>&amp;Live beobachten</translation>
    </message>
    <message>
        <source>Keeps an agent on every discovered host and checks the fabric round after round, updating the matrix and the findings as faults are raised and cleared, until Stop; Stop stops every agent.</source>
        <translation>Hält auf jedem erkannten Host einen Agenten und prüft das Fabric Runde um Runde; Matrix und Befunde folgen, wenn Fehler auftreten und verschwinden, bis Stopp; Stopp beendet jeden Agenten.</translation>
    </message>
    <message numerus="yes">
        <source>Watching %n host(s): starting the agents…</source>
        <translation>
            <numerusform>Beobachte %n Host: Agenten werden gestartet…</numerusform>
            <numerusform>Beobachte %n Hosts: Agenten werden gestartet…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Watching: round %1, %2 raised and %3 cleared since the start; %4 of %n agent(s) up</source>
        <translation>
            <numerusform>Beobachtung: Runde %1, seit dem Start %2 gemeldet und %3 behoben; %4 von %n Agent aktiv</numerusform>
            <numerusform>Beobachtung: Runde %1, seit dem Start %2 gemeldet und %3 behoben; %4 von %n Agenten aktiv</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Watch stopped after %n round(s); every agent was stopped.</source>
        <translation>
            <numerusform>Beobachtung nach %n Runde beendet; jeder Agent wurde gestoppt.</numerusform>
            <numerusform>Beobachtung nach %n Runden beendet; jeder Agent wurde gestoppt.</numerusform>
        </translation>
    </message>
    <message>
        <source>agents up %1 of %2, cells probed %3 of %4</source>
        <translation>Agenten bereit %1 von %2, Zellen geprüft %3 von %4</translation>
    </message>
    <message numerus="yes">
        <source>%n agent(s) down</source>
        <translation>
            <numerusform>%n Agent ausgefallen</numerusform>
            <numerusform>%n Agenten ausgefallen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fabric ready: %n host(s), %1 cells, no fault</source>
        <translation>
            <numerusform>Fabric bereit: %n Host, %1 Zellen, kein Fehler</numerusform>
            <numerusform>Fabric bereit: %n Hosts, %1 Zellen, kein Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n note(s) below)</source>
        <translation>
            <numerusform>(%n Hinweis unten)</numerusform>
            <numerusform>(%n Hinweise unten)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not ready: %n finding(s)</source>
        <translation>
            <numerusform>Nicht bereit: %n Befund</numerusform>
            <numerusform>Nicht bereit: %n Befunde</numerusform>
        </translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>Nicht geprüft: %1</translation>
    </message>
    <message>
        <source>Stopped; every agent was stopped.</source>
        <translation>Gestoppt; jeder Agent wurde gestoppt.</translation>
    </message>
    <message numerus="yes">
        <source>ToR switches (%n hosts, more than a host matrix can show): rows probe, columns answer</source>
        <translation>
            <numerusform>ToR-Switches (%n Host, mehr als eine Host-Matrix zeigen kann): Zeilen senden, Spalten antworten</numerusform>
            <numerusform>ToR-Switches (%n Hosts, mehr als eine Host-Matrix zeigen kann): Zeilen senden, Spalten antworten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → %2 is a ToR pair: its hosts&apos; GID matrices are in the round&apos;s JSON (rocepilot-cli fabric check --json).</source>
        <translation>%1 → %2 ist ein ToR-Paar: die GID-Matrizen seiner Hosts stehen im JSON der Runde (rocepilot-cli fabric check --json).</translation>
    </message>
    <message>
        <source>GIDs %1 → %2: rows are %1&apos;s endpoints, columns %2&apos;s; ~ fails by design</source>
        <translation>GIDs %1 → %2: Zeilen sind die Endpunkte von %1, Spalten die von %2; ~ schlägt planmäßig fehl</translation>
    </message>
    <message>
        <source>%1 → %2 is a ToR pair: pick a host pair for its timeline (the fabric report has every pair).</source>
        <translation>%1 → %2 ist ein ToR-Paar: Wählen Sie ein Host-Paar für seinen Zeitverlauf (der Fabric-Bericht enthält jedes Paar).</translation>
    </message>
    <message>
        <source>&amp;GID matrix</source>
        <translation>&amp;GID-Matrix</translation>
    </message>
    <message>
        <source>Cells as CSV (*.csv)</source>
        <translation>Zellen als CSV (*.csv)</translation>
    </message>
    <message>
        <source>E&amp;xport report…</source>
        <translation>Bericht e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Export the fabric report</source>
        <translation>Fabric-Bericht exportieren</translation>
    </message>
    <message>
        <source>Findings as CSV (*.csv)</source>
        <translation>Befunde als CSV (*.csv)</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF-Bericht (*.pdf)</translation>
    </message>
    <message>
        <source>Report as JSON (*.json)</source>
        <translation>Bericht als JSON (*.json)</translation>
    </message>
    <message>
        <source>Report written: %1</source>
        <translation>Bericht geschrieben: %1</translation>
    </message>
    <message>
        <source>Selected pair</source>
        <translation>Gewähltes Paar</translation>
    </message>
    <message>
        <source>T&amp;imeline</source>
        <translation>Zeit&amp;verlauf</translation>
    </message>
    <message>
        <source>The run file %1 is incomplete: %2</source>
        <translation>Die Laufdatei %1 ist unvollständig: %2</translation>
    </message>
    <message>
        <source>The selected pair&apos;s GID x GID cells, or its timeline over the run.</source>
        <translation>Die GID-x-GID-Zellen des gewählten Paars oder sein Zeitverlauf über den Lauf.</translation>
    </message>
    <message>
        <source>This run is not saved: %1</source>
        <translation>Dieser Lauf wird nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>This run is not saved: cannot create %1</source>
        <translation>Dieser Lauf wird nicht gespeichert: %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Writes the last check&apos;s or watch&apos;s report: a PDF (verdict, matrix, findings with their fixes, GID matrices, what was probed), the cells or the findings as CSV, or JSON.</source>
        <translation>Schreibt den Bericht der letzten Prüfung oder Beobachtung: ein PDF (Urteil, Matrix, Befunde mit ihren Korrekturen, GID-Matrizen, was geprüft wurde), die Zellen oder die Befunde als CSV, oder JSON.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Schreibe %1…</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>Lauf ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Fabric runs (*.rpfabric);;All files (*)</source>
        <translation>Fabric-Läufe (*.rpfabric);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a saved fabric run</source>
        <translation>Gespeicherten Fabric-Lauf öffnen</translation>
    </message>
    <message>
        <source>Opens a saved check or watch (a .rpfabric file: this page saves each run, rocepilot-cli fabric watch --save writes one) to step back through its rounds and export its report.</source>
        <translation>Öffnet eine gespeicherte Prüfung oder Überwachung (eine .rpfabric-Datei: diese Seite speichert jeden Lauf, rocepilot-cli fabric watch --save schreibt eine), um Runde für Runde zurückzugehen und ihren Bericht zu exportieren.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Stopped reading %1; the page shows what it showed before.</source>
        <translation>Lesen von %1 abgebrochen; die Seite zeigt, was sie vorher zeigte.</translation>
    </message>
    <message>
        <source>Read &amp;Prometheus…</source>
        <translation>Aus Pro&amp;metheus lesen…</translation>
    </message>
    <message>
        <source>Shows a fleet whose hosts run the fabric agent as a service from the Prometheus that scrapes them, read again every few seconds and judged as a check is, until Stop; nothing connects to the hosts.</source>
        <translation>Zeigt eine Flotte, deren Hosts den Fabric-Agenten als Dienst ausführen, aus dem Prometheus, der sie abfragt: alle paar Sekunden neu gelesen und wie eine Prüfung bewertet, bis Stoppen; keine Verbindung zu den Hosts.</translation>
    </message>
    <message>
        <source>A read failed, trying again: %1</source>
        <translation>Ein Lesevorgang ist fehlgeschlagen, neuer Versuch: %1</translation>
    </message>
    <message>
        <source>Reading Prometheus at %1…</source>
        <translation>Lese Prometheus unter %1…</translation>
    </message>
    <message>
        <source>Stopped before the first read of Prometheus ended.</source>
        <translation>Gestoppt, bevor der erste Lesevorgang von Prometheus endete.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped reading Prometheus at %1 after %n read(s).</source>
        <translation>
            <numerusform>Lesen von Prometheus unter %1 nach %n Lesevorgang gestoppt.</numerusform>
            <numerusform>Lesen von Prometheus unter %1 nach %n Lesevorgängen gestoppt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read %1 from Prometheus: %2 raised and %3 cleared since the start; %4 of %n agent(s) up</source>
        <translation>
            <numerusform>Lesevorgang %1 aus Prometheus: %2 gemeldet und %3 aufgehoben seit dem Start; %4 von %n Agent aktiv</numerusform>
            <numerusform>Lesevorgang %1 aus Prometheus: %2 gemeldet und %3 aufgehoben seit dem Start; %4 von %n Agenten aktiv</numerusform>
        </translation>
    </message>
    <message>
        <source>(the agents&apos; last phases, from Prometheus at %1)</source>
        <translation>(die letzten Phasen der Agenten, aus Prometheus unter %1)</translation>
    </message>
    <message>
        <source>Stopping the reads…</source>
        <translation>Lesevorgänge werden beendet…</translation>
    </message>
    <message>
        <source>In round %1 %2&apos;s GIDs changed (%3): it was discovered again and every agent restarted on the new pinglist.</source>
        <translation>In Runde %1 haben sich die GIDs von %2 geändert (%3): der Host wurde neu erkannt und jeder Agent mit der neuen Pingliste neu gestartet.</translation>
    </message>
</context>
<context>
    <name>rp::ui::GidMatrixModel</name>
    <message>
        <source>UDP %1</source>
        <translation>UDP %1</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>VLAN %1</source>
        <translation>VLAN %1</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>not in this round&apos;s pinglist</source>
        <translation>nicht in der Pingliste dieser Runde</translation>
    </message>
    <message>
        <source>%1 of %2 probes answered</source>
        <translation>%1 von %2 Proben beantwortet</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>RTT p50 %1 µs, p99 %2 µs</source>
        <translation>RTT p50 %1 µs, p99 %2 µs</translation>
    </message>
    <message>
        <source>prober delay %1 µs, responder delay %2 µs</source>
        <translation>Verzögerung Sender %1 µs, Antwortender %2 µs</translation>
    </message>
</context>
<context>
    <name>rp::ui::PairTimeline</name>
    <message>
        <source>%1 → %2 was not probed in this run (no cell between them was expected to work).</source>
        <translation>%1 → %2 wurde in diesem Lauf nicht geprüft (keine Zelle zwischen ihnen sollte funktionieren).</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n step(s) since %3, worst loss %4 %</source>
        <translation>
            <numerusform>%1 → %2: %n Schritt seit %3, höchster Verlust %4 %</numerusform>
            <numerusform>%1 → %2: %n Schritte seit %3, höchster Verlust %4 %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(older steps fold up to %n rounds each, to keep the whole run)</source>
        <translation>
            <numerusform>(ältere Schritte fassen bis zu %n Runde zusammen, damit der ganze Lauf bleibt)</numerusform>
            <numerusform>(ältere Schritte fassen je bis zu %n Runden zusammen, damit der ganze Lauf bleibt)</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a cell of the matrix to see its pair over the run.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um ihr Paar über den Lauf zu sehen.</translation>
    </message>
    <message>
        <source>Pair timeline</source>
        <translation>Zeitverlauf des Paars</translation>
    </message>
    <message>
        <source>RTT p50</source>
        <translation>RTT p50</translation>
    </message>
    <message>
        <source>RTT p99</source>
        <translation>RTT p99</translation>
    </message>
    
    <message>
        <source>cleared: %1</source>
        <translation>aufgehoben: %1</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>loss %</source>
        <translation>Verlust %</translation>
    </message>
    <message>
        <source>prober delay</source>
        <translation>Verzögerung Prüfer</translation>
    </message>
    <message>
        <source>responder delay</source>
        <translation>Verzögerung Antwortender</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>The selected pair over the run: RTT p50 and p99, the prober&apos;s and the responder&apos;s delay in microseconds, loss in percent on the right axis, and a line where a finding was raised or cleared. Below, on the same time axis, both hosts&apos; pause frames, retransmissions, discards and CNPs per second.</source>
        <translation>Das gewählte Paar über den Lauf: RTT p50 und p99, die Verzögerung des Prüfers und des Antwortenden in Mikrosekunden, Verlust in Prozent auf der rechten Achse und eine Linie, wo ein Befund gemeldet oder aufgehoben wurde. Darunter, auf derselben Zeitachse, Pause-Frames, Neuübertragungen, Verwerfungen und CNPs beider Hosts pro Sekunde.</translation>
    </message>
    <message>
        <source>No host counters: the agents of %1 and %2 read no pause, retransmission, discard or CNP counter (a NIC without RoCE counters, a veth, or a run saved before host counters were kept).</source>
        <translation>Keine Host-Zähler: Die Agenten von %1 und %2 lesen keinen Zähler für Pause, Neuübertragung, Verwerfung oder CNP (eine NIC ohne RoCE-Zähler, ein veth oder ein Lauf, der gespeichert wurde, bevor Host-Zähler aufgezeichnet wurden).</translation>
    </message>
    <message>
        <source>per s</source>
        <translation>pro s</translation>
    </message>
    <message>
        <source>pause rx</source>
        <translation>Pause empfangen</translation>
    </message>
    <message>
        <source>pause tx</source>
        <translation>Pause gesendet</translation>
    </message>
    <message>
        <source>retransmits</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>discards</source>
        <translation>Verwerfungen</translation>
    </message>
    <message>
        <source>CNPs sent</source>
        <translation>CNPs gesendet</translation>
    </message>
    <message>
        <source>CNPs handled</source>
        <translation>CNPs verarbeitet</translation>
    </message>
    <message>
        <source>Host counters below: %1 solid, %2 dashed.</source>
        <translation>Host-Zähler unten: %1 durchgezogen, %2 gestrichelt.</translation>
    </message>
    <message>
        <source>%1 (none)</source>
        <translation>%1 (keine)</translation>
    </message>
</context>
<context>
    <name>rp::ui::SavedRunBar</name>
    <message>
        <source>%1 has no round with cells to show.</source>
        <translation>%1 enthält keine Runde mit Zellen, die sich anzeigen ließe.</translation>
    </message>
    <message>
        <source>Clos&amp;e run</source>
        <translation>Lauf schli&amp;eßen</translation>
    </message>
    <message>
        <source>Puts the saved run away; Check and Watch start a new one.</source>
        <translation>Legt den gespeicherten Lauf weg; Prüfen und Überwachen starten einen neuen.</translation>
    </message>
    <message>
        <source>Round %1 (%2 of %3)</source>
        <translation>Runde %1 (%2 von %3)</translation>
    </message>
    <message>
        <source>Round of the saved run</source>
        <translation>Runde des gespeicherten Laufs</translation>
    </message>
    <message>
        <source>Saved run %1: %2 started %3</source>
        <translation>Gespeicherter Lauf %1: %2, begonnen %3</translation>
    </message>
    <message>
        <source>Steps through the saved run&apos;s rounds: the matrix, the findings and the selected pair&apos;s GID matrix show that round; arrow keys step one round, Page Up and Page Down ten.</source>
        <translation>Geht die Runden des gespeicherten Laufs durch: Matrix, Befunde und die GID-Matrix des gewählten Paars zeigen diese Runde; die Pfeiltasten gehen eine Runde weiter, Bild auf und Bild ab zehn.</translation>
    </message>
    <message numerus="yes">
        <source>a check of %n host(s)</source>
        <translation>
            <numerusform>eine Prüfung von %n Host</numerusform>
            <numerusform>eine Prüfung von %n Hosts</numerusform>
        </translation>
    </message>
    <message>
        <source>a minute of rounds folded into one</source>
        <translation>eine Minute an Runden zu einer zusammengefasst</translation>
    </message>
    <message numerus="yes">
        <source>a watch of %n host(s)</source>
        <translation>
            <numerusform>eine Überwachung von %n Host</numerusform>
            <numerusform>eine Überwachung von %n Hosts</numerusform>
        </translation>
    </message>
    <message>
        <source>cut short (no end line: the controller stopped mid-run)</source>
        <translation>abgebrochen (keine Endzeile: der Controller endete mitten im Lauf)</translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation>beendet: %1</translation>
    </message>
</context>
<context>
    <name>rp::ui::PrometheusDialog</name>
    <message>
        <source>Read a fleet from Prometheus</source>
        <translation>Eine Flotte aus Prometheus lesen</translation>
    </message>
    <message>
        <source>Hosts that run the fabric agent as a service (rocepilot-agent@HOST) are scraped by your Prometheus. This page reads their series from it and judges them as a check does; nothing connects to the hosts.</source>
        <translation>Hosts, die den Fabric-Agenten als Dienst ausführen (rocepilot-agent@HOST), werden von Ihrem Prometheus abgefragt. Diese Seite liest deren Zeitreihen dort und bewertet sie wie eine Prüfung; keine Verbindung zu den Hosts.</translation>
    </message>
    <message>
        <source>Prometheus URL</source>
        <translation>Prometheus-URL</translation>
    </message>
    <message>
        <source>Where Prometheus answers: http://HOST:PORT, with its route prefix if it has one. Plain http only: reach an https server through an SSH tunnel.</source>
        <translation>Wo Prometheus antwortet: http://HOST:PORT, mit seinem Routen-Präfix, falls vorhanden. Nur einfaches http: einen https-Server über einen SSH-Tunnel erreichen.</translation>
    </message>
    <message>
        <source>Label matchers</source>
        <translation>Label-Matcher</translation>
    </message>
    <message>
        <source>Which of the Prometheus&apos; agents are this fabric, as in a PromQL selector; empty: every agent.</source>
        <translation>Welche Agenten des Prometheus zu dieser Fabric gehören, wie in einem PromQL-Selektor; leer: jeder Agent.</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <source>The switch every ToR&apos;s uplink reaches, as given to fabric pinglist; empty: ToRs linked directly.</source>
        <translation>Der Switch, den der Uplink jedes ToR erreicht, wie bei fabric pinglist angegeben; leer: ToRs direkt verbunden.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Read every</source>
        <translation>Lesen alle</translation>
    </message>
    <message>
        <source>Seconds between two reads of Prometheus.</source>
        <translation>Sekunden zwischen zwei Lesevorgängen von Prometheus.</translation>
    </message>
    <message>
        <source>Prometheus &amp;URL:</source>
        <translation>Prometheus-&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Matchers:</source>
        <translation>&amp;Matcher:</translation>
    </message>
    <message>
        <source>S&amp;pine:</source>
        <translation>S&amp;pine:</translation>
    </message>
    <message>
        <source>Read &amp;every:</source>
        <translation>Lesen &amp;alle:</translation>
    </message>
    <message>
        <source>&amp;Read</source>
        <translation>&amp;Lesen</translation>
    </message>
    <message>
        <source>Matchers: %1</source>
        <translation>Matcher: %1</translation>
    </message>
    <message>
        <source>Spine: letters, digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos; only</source>
        <translation>Spine: nur Buchstaben, Ziffern, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;</translation>
    </message>
</context>
</TS>
