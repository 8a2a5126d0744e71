<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ReportPdf</name>
    <message>
        <source>RoCE Pilot test report</source>
        <translation>RoCE Pilot 测试报告</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>... (%1 more lines in the run file)</source>
        <translation>...（运行文件中还有 %1 行）</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>time since the run started (s)</source>
        <translation>自运行开始的时间（秒）</translation>
    </message>
    <message>
        <source>message size (bytes, log scale)</source>
        <translation>消息大小（字节，对数刻度）</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>PASS with warnings</source>
        <translation>通过（有警告）</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>not judged</source>
        <translation>未评判</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>Every check passed or had nothing to judge (details below).</source>
        <translation>所有检查均已通过或无可评判内容（详见下文）。</translation>
    </message>
    <message numerus="yes">
        <source>%n check(s) failed: %1</source>
        <translation>
            <numerusform>%n 项检查失败：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): %1</source>
        <translation>
            <numerusform>%n 条警告：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>What was seen</source>
        <translation>观察到的情况</translation>
    </message>
    <message>
        <source>Checks over the %1 runs</source>
        <translation>%1 次运行的检查</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>GID %1 on %2</source>
        <translation>%2 上的 GID %1</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>至 %1</translation>
    </message>
    <message>
        <source>, ToS %1</source>
        <translation>，ToS %1</translation>
    </message>
    <message>
        <source>The switches between the hosts are not part of the run; the troubleshooter&apos;s findings (when given) cover what it read from them.</source>
        <translation>主机之间的交换机不属于本次运行；故障排查的发现项（如提供）涵盖其从交换机读取的内容。</translation>
    </message>
    <message>
        <source>, RoCE MTU %1</source>
        <translation>，RoCE MTU %1</translation>
    </message>
    <message>
        <source>, fw %1</source>
        <translation>，固件 %1</translation>
    </message>
    <message>
        <source>off on every priority</source>
        <translation>所有优先级均关闭</translation>
    </message>
    <message>
        <source>on for %1</source>
        <translation>已为 %1 开启</translation>
    </message>
    <message>
        <source>Host configuration (discovered at the start of the run)</source>
        <translation>主机配置（运行开始时发现）</translation>
    </message>
    <message>
        <source>Discovery found no RDMA port on these hosts (a TCP run).</source>
        <translation>发现过程未在这些主机上找到 RDMA 端口（TCP 运行）。</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Netdev</source>
        <translation>网络设备</translation>
    </message>
    <message>
        <source>RDMA port</source>
        <translation>RDMA 端口</translation>
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
        <translation>信任</translation>
    </message>
    <message>
        <source>DCBX</source>
        <translation>DCBX</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>异常</translation>
    </message>
    <message>
        <source>%1 rose from %2 s on (%3 in all)</source>
        <translation>%1 从 %2 秒起上升（共 %3）</translation>
    </message>
    <message>
        <source>%1 s (%2 µs at %3)</source>
        <translation>%1 秒（%3 时为 %2 µs）</translation>
    </message>
    <message numerus="yes">
        <source>%n interval(s) of 100 ms with p99 over 10x the median p50: %1</source>
        <translation>
            <numerusform>%n 个 100 ms 区间的 p99 超过 p50 中位数的 10 倍：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>, …</source>
        <translation>，…</translation>
    </message>
    <message>
        <source>None seen: the run file is complete, no loss, retransmission or pause counter rose, and no 100 ms interval had a p99 above 10x the median p50.</source>
        <translation>未发现：运行文件完整，丢包、重传和暂停计数器均未上升，且没有任何 100 ms 区间的 p99 超过 p50 中位数的 10 倍。</translation>
    </message>
    <message>
        <source>Verdict and what to do: %1</source>
        <translation>结论与处理建议：%1</translation>
    </message>
    <message>
        <source>Seen: %1.</source>
        <translation>观察到：%1。</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>处理建议：%1</translation>
    </message>
    <message>
        <source>Nothing to do: every check passed or had nothing to judge.</source>
        <translation>无需处理：所有检查均已通过或无可评判内容。</translation>
    </message>
    <message>
        <source>Commands that repeat this test</source>
        <translation>重复此测试的命令</translation>
    </message>
    <message>
        <source>RoCE Pilot (the same engine, samples and counters):</source>
        <translation>RoCE Pilot（相同的引擎、采样和计数器）：</translation>
    </message>
    <message>
        <source>perftest, by hand (server first, then the client; one pair per size):</source>
        <translation>perftest，手动执行（先服务器，后客户端；每种大小一对）：</translation>
    </message>
    <message>
        <source># ... sizes %1 to %2: the same with -s changed</source>
        <translation># ... 大小 %1 至 %2：相同命令，仅修改 -s</translation>
    </message>
    <message>
        <source>%1$ %2</source>
        <translation>%1$ %2</translation>
    </message>
    <message>
        <source>All pairs: one-way p99 latency (client → server)</source>
        <translation>所有主机对：单向 p99 延迟（客户端 → 服务器）</translation>
    </message>
    <message>
        <source>All pairs: peak throughput (client → server)</source>
        <translation>所有主机对：峰值吞吐量（客户端 → 服务器）</translation>
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
        <translation>行为客户端，列为服务器；%1 取每次运行的最小消息大小。深色边框标记检查失败的主机对。灰色：未测量。</translation>
    </message>
    <message>
        <source>one-way p99 latency</source>
        <translation>单向 p99 延迟</translation>
    </message>
    <message>
        <source>peak throughput</source>
        <translation>峰值吞吐量</translation>
    </message>
    <message>
        <source>The worst pairs</source>
        <translation>最差的主机对</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Client → server</source>
        <translation>客户端 → 服务器</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
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
        <translation>峰值 Gb/s</translation>
    </message>
    <message>
        <source>Alarm events</source>
        <translation>告警事件</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Worst first: failed checks, then alarm counter events (loss, retransmissions, pauses), then %1.</source>
        <translation>最差的在前：先是检查失败，然后是告警计数器事件（丢包、重传、暂停），最后是%1。</translation>
    </message>
    <message>
        <source>the highest p99</source>
        <translation>最高 p99</translation>
    </message>
    <message>
        <source>the lowest throughput</source>
        <translation>最低吞吐量</translation>
    </message>
    <message>
        <source>RoCE performance test report</source>
        <translation>RoCE 性能测试报告</translation>
    </message>
    <message>
        <source>One test run, started %1 (UTC).</source>
        <translation>一次测试运行，开始于 %1（UTC）。</translation>
    </message>
    <message>
        <source>%1 test runs compared, the first started %2 (UTC).</source>
        <translation>比较了 %1 次测试运行，第一次开始于 %2（UTC）。</translation>
    </message>
    <message>
        <source>Site: %1</source>
        <translation>站点：%1</translation>
    </message>
    <message>
        <source>Operator: %1</source>
        <translation>操作员：%1</translation>
    </message>
    <message>
        <source>RoCE Pilot %1</source>
        <translation>RoCE Pilot %1</translation>
    </message>
    <message>
        <source>%1 runs between %2 hosts; %3 of them failed a check. The table below has one line per run; the pair matrix and the worst pairs follow the per-run pages.</source>
        <translation>%2 台主机之间共 %1 次运行；其中 %3 次有检查失败。下表每次运行占一行；主机对矩阵和最差的主机对位于各次运行的页面之后。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>At a glance</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>%1 runs: see the pair matrix and the worst pairs on the next page.</source>
        <translation>%1 次运行：请参阅下一页的主机对矩阵和最差的主机对。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>p50 / p99 µs</source>
        <translation>p50 / p99 µs</translation>
    </message>
    <message>
        <source>Latency: one-way (half the round trip) at the smallest size. Throughput: payload in Gb/s (10^9 bits per second).</source>
        <translation>延迟：最小消息大小下的单向延迟（往返时间的一半）。吞吐量：有效载荷，单位 Gb/s（每秒 10^9 位）。</translation>
    </message>
    <message>
        <source>Environment: %1</source>
        <translation>环境：%1</translation>
    </message>
    <message>
        <source>Hosts and devices</source>
        <translation>主机与设备</translation>
    </message>
    <message>
        <source>none (TCP)</source>
        <translation>无（TCP）</translation>
    </message>
    <message>
        <source>chosen by rdma_cm from the address</source>
        <translation>由 rdma_cm 根据地址选择</translation>
    </message>
    <message>
        <source>%1 index %2 (%3)</source>
        <translation>%1 索引 %2（%3）</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>The run file records no host environment.</source>
        <translation>运行文件未记录主机环境。</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Hostname</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>RDMA devices</source>
        <translation>RDMA 设备</translation>
    </message>
    <message>
        <source>GID used</source>
        <translation>使用的 GID</translation>
    </message>
    <message>
        <source>%1 GID: %2</source>
        <translation>%1 GID：%2</translation>
    </message>
    <message>
        <source>Test configuration</source>
        <translation>测试配置</translation>
    </message>
    <message>
        <source>Transport, mode, operation</source>
        <translation>传输、模式、操作</translation>
    </message>
    <message>
        <source>Message sizes</source>
        <translation>消息大小</translation>
    </message>
    <message>
        <source>Per size</source>
        <translation>每种大小</translation>
    </message>
    <message>
        <source>%1 iterations</source>
        <translation>%1 次迭代</translation>
    </message>
    <message>
        <source>%1 s (after %2 s warm-up)</source>
        <translation>%1 秒（预热 %2 秒后）</translation>
    </message>
    <message>
        <source>Completions, depth, WRs per post, signal every</source>
        <translation>完成通知、深度、每次 post 的 WR 数、信号间隔</translation>
    </message>
    <message>
        <source>Inline, data check</source>
        <translation>Inline、数据校验</translation>
    </message>
    <message>
        <source>inline</source>
        <translation>inline</translation>
    </message>
    <message>
        <source>not inline</source>
        <translation>非 inline</translation>
    </message>
    <message>
        <source>every payload checked</source>
        <translation>校验每个有效载荷</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>GID index, ToS</source>
        <translation>GID 索引、ToS</translation>
    </message>
    <message>
        <source>rdma_cm&apos;s choice</source>
        <translation>由 rdma_cm 选择</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Server, client, data address</source>
        <translation>服务器、客户端、数据地址</translation>
    </message>
    <message>
        <source>Started, ended</source>
        <translation>开始、结束</translation>
    </message>
    <message>
        <source>did not finish</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置方案</translation>
    </message>
    <message>
        <source>What was applied (journal)</source>
        <translation>已应用的内容（变更日志）</translation>
    </message>
    <message>
        <source>Charts: %1</source>
        <translation>图表：%1</translation>
    </message>
    <message>
        <source>client, one-way p50</source>
        <translation>客户端，单向 p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>client CPU</source>
        <translation>客户端 CPU</translation>
    </message>
    <message>
        <source>server CPU</source>
        <translation>服务器 CPU</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>no live samples (perftest reports only at the end of each size)</source>
        <translation>无实时采样（perftest 仅在每种大小结束时报告）</translation>
    </message>
    <message>
        <source>One-way latency (p50 and p99 of each 100 ms interval)</source>
        <translation>单向延迟（每个 100 ms 区间的 p50 和 p99）</translation>
    </message>
    <message>
        <source>µs (log scale)</source>
        <translation>µs（对数刻度）</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>blast mode measures throughput, not latency</source>
        <translation>blast 模式测量吞吐量，不测延迟</translation>
    </message>
    <message>
        <source>no live latency samples</source>
        <translation>无实时延迟采样</translation>
    </message>
    <message>
        <source>CPU of both sides (100% = one core)</source>
        <translation>双方的 CPU（100% = 一个核心）</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>no live samples</source>
        <translation>无实时采样</translation>
    </message>
    <message>
        <source>Host counters (rates, the busiest six)</source>
        <translation>主机计数器（速率，最活跃的六个）</translation>
    </message>
    <message>
        <source>per second</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>no counters were sampled during this run</source>
        <translation>本次运行期间未采样任何计数器</translation>
    </message>
    <message>
        <source>every sampled counter stayed at zero during the run (%1 samples)</source>
        <translation>运行期间所有采样的计数器均保持为零（%1 个采样）</translation>
    </message>
    <message>
        <source>Message size sweeps</source>
        <translation>消息大小扫描</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>One-way latency vs message size</source>
        <translation>单向延迟与消息大小</translation>
    </message>
    <message>
        <source>blast runs measure no latency</source>
        <translation>blast 运行不测量延迟</translation>
    </message>
    <message>
        <source>Throughput vs message size</source>
        <translation>吞吐量与消息大小</translation>
    </message>
    <message>
        <source>CPU vs message size (compare busy-poll and event runs side by side)</source>
        <translation>CPU 与消息大小（可并排比较忙轮询与事件模式的运行）</translation>
    </message>
    <message>
        <source>% of one core</source>
        <translation>单核的 %</translation>
    </message>
    <message>
        <source>CPU was not measured (perftest)</source>
        <translation>未测量 CPU（perftest）</translation>
    </message>
    <message>
        <source>Per-size results: %1</source>
        <translation>各大小的结果：%1</translation>
    </message>
    <message>
        <source>No size completed.</source>
        <translation>没有完成任何大小。</translation>
    </message>
    <message>
        <source>Mmsg/s</source>
        <translation>Mmsg/s</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小</translation>
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
        <translation>最大</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>CPU cli</source>
        <translation>CPU 客户端</translation>
    </message>
    <message>
        <source>CPU srv</source>
        <translation>CPU 服务器</translation>
    </message>
    <message>
        <source>CPU in % of one core. Latency columns: one-way µs over every message of the size (the engine&apos;s histogram, within 1/128 of the exact value); &apos;-&apos; where the back end does not measure it.</source>
        <translation>CPU 以单核的 % 表示。延迟列：该大小所有消息的单向 µs（引擎的直方图，误差在精确值的 1/128 以内）；后端不测量时为 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>Repeatability over the live samples (each 100 ms interval)</source>
        <translation>基于实时采样的可重复性（每个 100 ms 区间）</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <source>Gb/s min</source>
        <translation>Gb/s 最小</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>CV</source>
        <translation>CV</translation>
    </message>
    <message>
        <source>p50 µs min</source>
        <translation>p50 µs 最小</translation>
    </message>
    <message>
        <source>CV: coefficient of variation (standard deviation / mean) of the 100 ms samples; the BMWG benchmarking drafts recommend below 5 % (* marks more).</source>
        <translation>CV：100 ms 采样的变异系数（标准差 / 平均值）；BMWG 基准测试草案建议低于 5 %（* 表示超出）。</translation>
    </message>
    <message>
        <source>Host counters during the run</source>
        <translation>运行期间的主机计数器</translation>
    </message>
    <message>
        <source> (alarm)</source>
        <translation>（告警）</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>mean /s</source>
        <translation>平均 /s</translation>
    </message>
    <message>
        <source>max /s</source>
        <translation>最大 /s</translation>
    </message>
    <message>
        <source>Alarm — %1: %2.</source>
        <translation>告警 — %1：%2。</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>the profile changed</source>
        <translation>配置方案已更改</translation>
    </message>
    <message>
        <source>the applied configuration (journal) changed</source>
        <translation>已应用的配置（变更日志）已更改</translation>
    </message>
    <message>
        <source>A: %1 (%2)</source>
        <translation>A：%1（%2）</translation>
    </message>
    <message>
        <source>B: %1 (%2)</source>
        <translation>B：%1（%2）</translation>
    </message>
    <message>
        <source>Same settings, hosts, profile and configuration: the difference is the fabric or the hosts&apos; load at the time.</source>
        <translation>设置、主机、配置方案和配置均相同：差异来自网络或当时主机的负载。</translation>
    </message>
    <message>
        <source>What differs: %1.</source>
        <translation>差异：%1。</translation>
    </message>
    <message>
        <source>B&apos;s one-way p50 latency is %1 A&apos;s (%2)</source>
        <translation>B 的单向 p50 延迟是 A 的 %1（%2）</translation>
    </message>
    <message>
        <source>B is faster</source>
        <translation>B 更快</translation>
    </message>
    <message>
        <source>A is faster</source>
        <translation>A 更快</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>互有高低</translation>
    </message>
    <message>
        <source>its throughput %1 A&apos;s (%2)</source>
        <translation>其吞吐量是 A 的 %1（%2）</translation>
    </message>
    <message>
        <source>B moves more</source>
        <translation>B 传输更多</translation>
    </message>
    <message>
        <source>A moves more</source>
        <translation>A 传输更多</translation>
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
        <translation>延迟：越低越好（B/A 小于 1 = B 更快）。吞吐量：越高越好。大小扫描图表在同一坐标轴上绘制两次运行。</translation>
    </message>
    <message>
        <source>Findings of the troubleshooter</source>
        <translation>故障排查的发现项</translation>
    </message>
    <message>
        <source>The findings file is not a findings document; it is shown as it was given.</source>
        <translation>该发现项文件不是发现项文档；按原样显示。</translation>
    </message>
    <message>
        <source>The troubleshooter found nothing to report.</source>
        <translation>故障排查未发现需要报告的内容。</translation>
    </message>
    <message>
        <source>Hosts: %1</source>
        <translation>主机：%1</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>处理建议：</translation>
    </message>
    <message>
        <source>What to do on %1:</source>
        <translation>在 %1 上的处理建议：</translation>
    </message>
    <message>
        <source>The following pages give the details of these %1 worst pairs; every pair&apos;s numbers are in the attached summary CSV and JSON.</source>
        <translation>以下页面给出这 %1 个最差主机对的详细信息；每个主机对的数据见随附的摘要 CSV 和 JSON。</translation>
    </message>
    <message>
        <source>RoCE fabric check report</source>
        <translation>RoCE 网络结构检查报告</translation>
    </message>
    <message>
        <source>RoCE Pilot fabric check report</source>
        <translation>RoCE Pilot 网络结构检查报告</translation>
    </message>
    <message>
        <source>works</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>%1: a fabric %2 over %3, started %4 (UTC).</source>
        <translation>%1：基于 %3 的网络结构 %2，开始于 %4（UTC）。</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>NOT READY</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>No finding was open at the end of the run and its last round failed no cell.</source>
        <translation>运行结束时没有未解决的发现，最后一轮没有失败的单元。</translation>
    </message>
    <message>
        <source>No round of the run finished: nothing to judge the fabric by.</source>
        <translation>本次运行没有完成任何一轮：无法据此评判网络结构。</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) open at the end of the run</source>
        <translation>
            <numerusform>运行结束时有 %n 个未解决的发现</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) failing in its last round</source>
        <translation>
            <numerusform>最后一轮有 %n 个单元失败</numerusform>
        </translation>
    </message>
    <message>
        <source>This run was cut short (the file ends mid-line or without its end line): the report covers what it kept, up to round %1.</source>
        <translation>本次运行被中断（文件在行中结束或缺少结束行）：报告涵盖其保留的内容，直到第 %1 轮。</translation>
    </message>
    <message>
        <source>Open findings</source>
        <translation>未解决的发现</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>What was checked</source>
        <translation>检查内容</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>ToRs</source>
        <translation>ToR 交换机</translation>
    </message>
    <message>
        <source> (spine %1)</source>
        <translation>（脊交换机 %1）</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>rdma: RDMA UD probes per GID, and UDP beside them</source>
        <translation>rdma：每个 GID 的 RDMA UD 探测，另加 UDP</translation>
    </message>
    <message>
        <source>udp: UDP probes between the hosts&apos; data addresses</source>
        <translation>udp：主机数据地址之间的 UDP 探测</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Round length</source>
        <translation>每轮时长</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>%1 probes/s per target</source>
        <translation>每个目标 %1 次探测/秒</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>%1 directed cells; %2 failed against expectation at least once</source>
        <translation>%1 个有向单元；%2 个至少一次意外失败</translation>
    </message>
    <message>
        <source>Inventory</source>
        <translation>清单</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>ToR x ToR matrix</source>
        <translation>ToR × ToR 矩阵</translation>
    </message>
    <message>
        <source>Host x host matrix</source>
        <translation>主机 × 主机矩阵</translation>
    </message>
    <message>
        <source>(no ToR)</source>
        <translation>（无 ToR）</translation>
    </message>
    <message>
        <source>from ToR</source>
        <translation>源 ToR</translation>
    </message>
    <message>
        <source>from host</source>
        <translation>源主机</translation>
    </message>
    <message>
        <source>to ToR</source>
        <translation>目标 ToR</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>目标主机</translation>
    </message>
    <message>
        <source>%1 hosts: each cell folds every cell between two ToRs (ToR-local on the diagonal).</source>
        <translation>%1 台主机：每个格子汇总两个 ToR 之间的所有单元（对角线为 ToR 内部）。</translation>
    </message>
    <message>
        <source>Each cell folds every GID and UDP cell between two hosts over the whole run (loopback on the diagonal).</source>
        <translation>每个格子汇总整个运行期间两台主机之间的所有 GID 和 UDP 单元（对角线为环回）。</translation>
    </message>
    <message>
        <source>Green: every cell expected to work worked. Orange to dark red: a cell failed against expectation, the darker the more of the probes were lost; the numbers are the loss in % and the highest rtt p99 in µs. Grey: only cells that fail by design. Light: not probed.</source>
        <translation>绿色：所有应当正常的单元均正常。橙色到深红：有单元意外失败，颜色越深丢失的探测越多；数字为丢包率（%）和最高 rtt p99（µs）。灰色：仅有按设计失败的单元。浅色：未探测。</translation>
    </message>
    <message>
        <source> (by design)</source>
        <translation>（按设计）</translation>
    </message>
    <message>
        <source>No pair was probed.</source>
        <translation>没有探测任何主机对。</translation>
    </message>
    <message>
        <source>From</source>
        <translation>源</translation>
    </message>
    <message>
        <source>To</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Loss %</source>
        <translation>丢包 %</translation>
    </message>
    <message>
        <source>Failed cells</source>
        <translation>失败单元</translation>
    </message>
    <message>
        <source>Worst reason</source>
        <translation>最严重原因</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>The run raised no finding.</source>
        <translation>本次运行没有产生任何发现。</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>open at the end of the run</source>
        <translation>运行结束时仍未解决</translation>
    </message>
    <message>
        <source>cleared %1</source>
        <translation>已于 %1 清除</translation>
    </message>
    <message>
        <source>Alternatives</source>
        <translation>其他可能</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次发现</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最后发现</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Explained by</source>
        <translation>解释依据</translation>
    </message>
    <message>
        <source>Evidence: host</source>
        <translation>证据：主机</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Fix on %1 (%2):</source>
        <translation>在 %1 上的修复（%2）：</translation>
    </message>
    <message>
        <source>GID x GID matrices of the failing pairs</source>
        <translation>失败主机对的 GID × GID 矩阵</translation>
    </message>
    <message>
        <source>One matrix per directed host pair with a cell that failed against expectation: rows are the source&apos;s endpoints (device/port#GID index, or udp), columns the destination&apos;s. Each cell names its reason; grey cells fail by design (a RoCE v1 or link-local GID towards a v2 peer, another subnet) and are no fault.</source>
        <translation>每个包含意外失败单元的有向主机对一个矩阵：行为源端点（设备/端口#GID 索引，或 udp），列为目标端点。每个格子注明原因；灰色格子按设计失败（RoCE v1 或链路本地 GID 对 v2 对端、不同子网），并非故障。</translation>
    </message>
    <message>
        <source>%1 more failing pairs: every cell is in the cells CSV and the JSON.</source>
        <translation>还有 %1 个失败主机对：所有单元见单元 CSV 和 JSON。</translation>
    </message>
    <message>
        <source>by design</source>
        <translation>按设计</translation>
    </message>
    <message>
        <source>FAULT</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>预期</translation>
    </message>
    <message>
        <source>Failing pairs with one endpoint each</source>
        <translation>各只有一个端点的失败主机对</translation>
    </message>
    <message>
        <source>%1 more such pairs: every cell is in the cells CSV and the JSON.</source>
        <translation>还有 %1 个此类主机对：所有单元见单元 CSV 和 JSON。</translation>
    </message>
    <message>
        <source>What was probed</source>
        <translation>探测内容</translation>
    </message>
    <message>
        <source>The cells of the failing pairs, each as its probes went (source and destination endpoint, transport), then the endpoints they name: device, port, GID index and GID, address. The run records no ToS or traffic class: the probes used the transport&apos;s default. Every cell of the run is in the cells CSV and the JSON.</source>
        <translation>失败主机对的单元，按探测实际路径列出（源和目标端点、传输），然后是它们涉及的端点：设备、端口、GID 索引和 GID、地址。本次运行未记录 ToS 或流量类别：探测使用传输的默认值。运行的所有单元见单元 CSV 和 JSON。</translation>
    </message>
    <message>
        <source>No cell failed against expectation.</source>
        <translation>没有单元意外失败。</translation>
    </message>
    <message>
        <source>%1 more cells of these pairs are in the cells CSV.</source>
        <translation>这些主机对的另外 %1 个单元见单元 CSV。</translation>
    </message>
    <message>
        <source>Their endpoints</source>
        <translation>相关端点</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>GID index</source>
        <translation>GID 索引</translation>
    </message>
    <message>
        <source>GID</source>
        <translation>GID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Commands that repeat the failing cells</source>
        <translation>重现失败单元的命令</translation>
    </message>
    <message>
        <source>Run them in the order given, on the host named (RDMA: ibv_ud_pingpong from libibverbs-utils, the destination first as the server; UDP: ping from the source address, since the agent&apos;s UDP port is not kept in the run).</source>
        <translation>按给定顺序在指定主机上运行（RDMA：使用 libibverbs-utils 中的 ibv_ud_pingpong，先在目标端作为服务器启动；UDP：从源地址 ping，因为运行中未保存代理的 UDP 端口）。</translation>
    </message>
    <message>
        <source>%1 more failing cells: their commands are in the cells CSV.</source>
        <translation>还有 %1 个失败单元：其命令见单元 CSV。</translation>
    </message>
    <message>
        <source>each agent&apos;s own phase</source>
        <translation>各代理自己的阶段</translation>
    </message>
    <message>
        <source>each agent&apos;s own</source>
        <translation>各代理自己的</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>prom: the standalone agents&apos; series, read from Prometheus</source>
        <translation>prom：独立代理的时间序列，读自 Prometheus</translation>
    </message>
</context>
<context>
    <name>rp::ui::ApplyPage</name>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Apply the plan to the hosts it was made for. Every host is read afresh first; each step is read back after it runs; a journal keeps the state before the change, so every run can be rolled back. Start with a dry run to see what will change.</source>
        <translation>将计划应用到为其制定的主机上。每台主机都会先重新读取；每个步骤运行后都会回读；变更日志会保存更改前的状态，因此每次运行都可以回滚。请先进行试运行，查看哪些内容会更改。</translation>
    </message>
    <message>
        <source>D&amp;ry run</source>
        <translation>试运行(&amp;R)</translation>
    </message>
    <message>
        <source>Read every host afresh and show, per step, what would run and what is already so. Changes nothing.</source>
        <translation>重新读取每台主机，并按步骤显示将要运行的内容和已符合的内容。不做任何更改。</translation>
    </message>
    <message>
        <source>&amp;Apply…</source>
        <translation>应用(&amp;A)…</translation>
    </message>
    <message>
        <source>Apply the plan to its hosts, after a confirmation that names them.</source>
        <translation>在列出主机名称的确认之后，将计划应用到其主机。</translation>
    </message>
    <message>
        <source>Read every step of every host back and compare it with the plan. Changes nothing.</source>
        <translation>回读每台主机的每个步骤并与计划比较。不做任何更改。</translation>
    </message>
    <message>
        <source>R&amp;oll back…</source>
        <translation>回滚(&amp;O)…</translation>
    </message>
    <message>
        <source>Undo the last apply on every host, in reverse order, and compare each host with its snapshot.</source>
        <translation>按相反顺序撤销每台主机上最近一次应用，并将每台主机与其快照进行比较。</translation>
    </message>
    <message>
        <source>Cance&amp;l run</source>
        <translation>取消运行(&amp;L)</translation>
    </message>
    <message>
        <source>Finish the step that runs now, then roll back as the policy says.</source>
        <translation>完成当前正在运行的步骤，然后按策略回滚。</translation>
    </message>
    <message>
        <source>A failed host rolls back every host</source>
        <translation>一台主机失败时回滚所有主机</translation>
    </message>
    <message>
        <source>A failed host rolls back alone</source>
        <translation>一台主机失败时仅回滚该主机</translation>
    </message>
    <message>
        <source>What happens to the other hosts when one fails.</source>
        <translation>一台主机失败时其他主机如何处理。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A step that may cut the SSH session runs under a dead-man: the host undoes it by itself unless RoCE Pilot reconnects and confirms within this time.</source>
        <translation>可能切断 SSH 会话的步骤会在失联保护下运行：除非 RoCE Pilot 在此时间内重新连接并确认，否则主机会自行撤销该步骤。</translation>
    </message>
    <message>
        <source>&amp;Dead-man:</source>
        <translation>失联保护(&amp;D)：</translation>
    </message>
    <message>
        <source>%v of %m hosts</source>
        <translation>%v / %m 台主机</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Steps of the selected host</source>
        <translation>所选主机的步骤</translation>
    </message>
    <message>
        <source>Apply log</source>
        <translation>应用日志</translation>
    </message>
    <message>
        <source>The log of the run appears here, step by step.</source>
        <translation>运行日志将在此逐步显示。</translation>
    </message>
    <message>
        <source>&amp;Journals…</source>
        <translation>变更日志(&amp;J)…</translation>
    </message>
    <message>
        <source>Every past run with its outcome; roll back or resume from there.</source>
        <translation>以往每次运行及其结果；可从中回滚或继续。</translation>
    </message>
    <message>
        <source>no session for this vendor</source>
        <translation>该厂商没有会话</translation>
    </message>
    <message>
        <source>no management address</source>
        <translation>没有管理地址</translation>
    </message>
    <message>
        <source>No plan to apply: go back to the Review page.</source>
        <translation>没有可应用的计划：请返回“审阅”页面。</translation>
    </message>
    <message>
        <source>No plan to apply: %1</source>
        <translation>没有可应用的计划：%1</translation>
    </message>
    <message numerus="yes">
        <source>Profile &apos;%1&apos; for %n host(s): %2.</source>
        <translation>
            <numerusform>配置方案“%1”，用于 %n 台主机：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Switches applied first, each through its vendor&apos;s session with its own commit timer or checkpoint: %1.</source>
        <translation>先应用交换机，每台交换机通过其厂商的会话进行，并使用各自的提交计时器或检查点：%1。</translation>
    </message>
    <message>
        <source>Not applied here: %1 — apply their files from the Review page by hand.</source>
        <translation>此处不应用：%1 — 请从“审阅”页面手动应用其文件。</translation>
    </message>
    <message>
        <source>Journals are kept in %1.</source>
        <translation>变更日志保存在 %1 中。</translation>
    </message>
    <message numerus="yes">
        <source>Apply the plan &apos;%1&apos; to %n host(s): %2?</source>
        <translation>
            <numerusform>将计划“%1”应用到 %n 台主机：%2？</numerusform>
        </translation>
    </message>
    <message>
        <source>Each host is read afresh first and its state is written to a journal in %1, so this run can be rolled back later, even after RoCE Pilot was closed. Each step is read back after it runs; a failed step rolls its host back.</source>
        <translation>每台主机都会先重新读取，其状态会写入 %1 中的变更日志，因此即使 RoCE Pilot 已关闭，之后也可以回滚本次运行。每个步骤运行后都会回读；步骤失败时会回滚其所在主机。</translation>
    </message>
    <message>
        <source>If one host fails, every host is rolled back.</source>
        <translation>如果一台主机失败，所有主机都会回滚。</translation>
    </message>
    <message>
        <source>If one host fails, only that host is rolled back.</source>
        <translation>如果一台主机失败，仅回滚该主机。</translation>
    </message>
    <message>
        <source>Switches, applied first through their vendor&apos;s session: %1.</source>
        <translation>交换机，先通过其厂商的会话应用：%1。</translation>
    </message>
    <message>
        <source>Not applied here: %1 (apply their files by hand).</source>
        <translation>此处不应用：%1（请手动应用其文件）。</translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n host(s)</source>
        <translation>
            <numerusform>应用到 %n 台主机</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply to %n host(s)</source>
        <translation>
            <numerusform>应用到 %n 台主机(&amp;A)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Roll back journal %1 on %n host(s): %2?

Every step that ran is undone in reverse order, then each host is read back and compared with its snapshot.</source>
        <translation>
            <numerusform>在 %n 台主机上回滚变更日志 %1：%2？

已运行的每个步骤都将按相反顺序撤销，然后回读每台主机并与其快照进行比较。</numerusform>
        </translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>回滚</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Roll back %n host(s)</source>
        <translation>
            <numerusform>回滚 %n 台主机(&amp;R)</numerusform>
        </translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>%1 started.</source>
        <translation>%1 已开始。</translation>
    </message>
    <message>
        <source>Cancelling: the step that runs now finishes, then the hosts roll back.</source>
        <translation>正在取消：当前步骤完成后，主机将回滚。</translation>
    </message>
    <message>
        <source>%1: the host undoes the step by itself in %2 s unless RoCE Pilot reconnects and confirms</source>
        <translation>%1：除非 RoCE Pilot 重新连接并确认，否则主机将在 %2 秒后自行撤销该步骤</translation>
    </message>
    <message>
        <source>Dead-man armed — %1.</source>
        <translation>失联保护已启动 — %1。</translation>
    </message>
    <message>
        <source>Nothing was started: %1</source>
        <translation>未启动任何操作：%1</translation>
    </message>
    <message>
        <source>%1 (switch): %2 — %3</source>
        <translation>%1（交换机）：%2 — %3</translation>
    </message>
    <message>
        <source>%1: journal %2 (%3).</source>
        <translation>%1：变更日志 %2（%3）。</translation>
    </message>
    <message>
        <source>Finished: %1, journal %2.</source>
        <translation>已完成：%1，变更日志 %2。</translation>
    </message>
    <message>
        <source>Steps (select a host)</source>
        <translation>步骤（请选择主机）</translation>
    </message>
    <message>
        <source>Steps on %1</source>
        <translation>%1 上的步骤</translation>
    </message>
    <message>
        <source>V&amp;erify</source>
        <translation>验证(&amp;E)</translation>
    </message>
    <message>
        <source>Failure policy</source>
        <translation>失败策略</translation>
    </message>
    <message>
        <source>Dead-man timeout</source>
        <translation>失联保护超时</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>运行进度</translation>
    </message>
    <message>
        <source>How many hosts the running dry run, apply, verify or rollback has finished.</source>
        <translation>正在进行的试运行、应用、验证或回滚已完成的主机数。</translation>
    </message>
    <message>
        <source>One row per host: its state in the run, steps done of all, and the outcome. The arrow keys select a host; its steps are listed below.</source>
        <translation>每台主机一行：其在运行中的状态、已完成步骤数/总步骤数以及结果。用方向键选择主机；其步骤列在下方。</translation>
    </message>
    <message>
        <source>The steps of the selected host in order: what runs, its state (to run, already so, done, undone, failed) and the read-back.</source>
        <translation>所选主机的步骤（按顺序）：执行的内容、状态（待运行、已符合、已完成、已撤销、失败）以及回读结果。</translation>
    </message>
    <message>
        <source>Everything the run did, step by step, with the hosts&apos; answers.</source>
        <translation>本次运行所做的一切，逐步列出，并附主机的回应。</translation>
    </message>
</context>
<context>
    <name>rp::ui::ConnectPrompter</name>
    <message>
        <source>Password for %1</source>
        <translation>%1 的密码</translation>
    </message>
    <message>
        <source>&amp;Password for %1@%2 (kept in memory only, never saved):</source>
        <translation>%1@%2 的密码(&amp;P)（仅保存在内存中，从不写入磁盘）：</translation>
    </message>
    <message>
        <source>Log in</source>
        <translation>登录</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>rp::ui::DashboardCharts</name>
    <message>
        <source>Follow the newest samples</source>
        <translation>跟随最新采样</translation>
    </message>
    <message>
        <source>Drag or wheel on a chart to look back; all charts share the time axis.</source>
        <translation>在图表上拖动或滚动鼠标滚轮可回看；所有图表共用同一时间轴。</translation>
    </message>
    <message>
        <source>Throughput (Gb/s)</source>
        <translation>吞吐量（Gb/s）</translation>
    </message>
    <message>
        <source>One-way latency (µs): p50, band p50–p99</source>
        <translation>单向延迟（µs）：p50，p50–p99 区间带</translation>
    </message>
    <message>
        <source>clipped at %1 µs (red ticks); p99 peaks at %2 µs</source>
        <translation>坐标轴截断于 %1 µs（红色刻度）；p99 峰值达 %2 µs</translation>
    </message>
    <message>
        <source>CPU (% of one core)</source>
        <translation>CPU（单核的 %）</translation>
    </message>
    <message>
        <source>Host counters (per second)</source>
        <translation>主机计数器（每秒）</translation>
    </message>
    <message>
        <source>time since the run started (s)</source>
        <translation>自运行开始的时间（秒）</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>p50 per interval</source>
        <translation>每个时间间隔的 p50</translation>
    </message>
    <message>
        <source>%1: client</source>
        <translation>%1：客户端</translation>
    </message>
    <message>
        <source>%1: p50</source>
        <translation>%1：p50</translation>
    </message>
    <message>
        <source>%1: server</source>
        <translation>%1：服务器</translation>
    </message>
    <message>
        <source>RoCE Pilot chart</source>
        <translation>RoCE Pilot 图表</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Exported from the RoCE Pilot dashboard</source>
        <translation>从 RoCE Pilot 仪表板导出</translation>
    </message>
    <message>
        <source>choose a .png, .svg or .pdf file name</source>
        <translation>请选择 .png、.svg 或 .pdf 文件名</translation>
    </message>
    <message numerus="yes">
        <source>(+%n more)</source>
        <translation>
            <numerusform>（另有 %n 项）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>rp::ui::DashboardWindow</name>
    <message>
        <source>RoCE Pilot — dashboard</source>
        <translation>RoCE Pilot — 仪表板</translation>
    </message>
</context>
<context>
    <name>rp::ui::DiscoverPage</name>
    <message>
        <source>Discover</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Read the RDMA devices, ports and GID tables of every host. The GID each port should use is highlighted; select it to see why.</source>
        <translation>读取每台主机的 RDMA 设备、端口和 GID 表。每个端口应使用的 GID 已高亮显示；选中它即可查看原因。</translation>
    </message>
    <message>
        <source>&amp;Discover</source>
        <translation>发现(&amp;D)</translation>
    </message>
    <message>
        <source>Read every host of the list again.</source>
        <translation>重新读取列表中的所有主机。</translation>
    </message>
    <message>
        <source>%v of %m hosts</source>
        <translation>%v / %m 台主机</translation>
    </message>
    <message>
        <source>device, netdev, address, GID…</source>
        <translation>设备、网络设备、地址、GID…</translation>
    </message>
    <message>
        <source>Discovered devices</source>
        <translation>已发现的设备</translation>
    </message>
    <message>
        <source>Add at least one host on the previous page.</source>
        <translation>请在上一页至少添加一台主机。</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n host(s)…</source>
        <translation>
            <numerusform>正在读取 %n 台主机…</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished %1 (%2 of %3)</source>
        <translation>已完成 %1（%2 / %3）</translation>
    </message>
    <message>
        <source>not read (cancelled)</source>
        <translation>未读取（已取消）</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) read.</source>
        <translation>
            <numerusform>已读取 %n 台主机。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) failed.</source>
        <translation>
            <numerusform>%n 台主机失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>Discovery cancelled.</source>
        <translation>发现已取消。</translation>
    </message>
    <message>
        <source>Discovery finished.</source>
        <translation>发现已完成。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>取消(&amp;L)</translation>
    </message>
    <message>
        <source>Filte&amp;r:</source>
        <translation>筛选(&amp;R)：</translation>
    </message>
    <message>
        <source>Stops reading; hosts already read keep their results.</source>
        <translation>停止读取；已读取的主机保留其结果。</translation>
    </message>
    <message>
        <source>Discovery progress</source>
        <translation>发现进度</translation>
    </message>
    <message>
        <source>How many hosts have been read.</source>
        <translation>已读取的主机数。</translation>
    </message>
    <message>
        <source>Shows only the rows that contain this text, with the hosts and devices above them.</source>
        <translation>仅显示包含此文本的行，以及其上层的主机和设备。</translation>
    </message>
    <message>
        <source>Host, RDMA device, port and GID table as a tree; the GID each port should use is marked &quot;recommended&quot;. The arrow keys move and open rows; the reason for the current row is read out below the tree.</source>
        <translation>以树形显示主机、RDMA 设备、端口和 GID 表；每个端口应使用的 GID 标记为“推荐”。方向键用于移动和展开行；当前行的原因会在树下方朗读。</translation>
    </message>
    <message>
        <source>Details of the selected row</source>
        <translation>所选行的详细信息</translation>
    </message>
    <message>
        <source>Why a GID is recommended, or what a row means.</source>
        <translation>为何推荐某个 GID，或某一行的含义。</translation>
    </message>
</context>
<context>
    <name>rp::ui::DiscoveryModel</name>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>认证失败</translation>
    </message>
    <message>
        <source>host key not accepted</source>
        <translation>主机密钥未被接受</translation>
    </message>
    <message>
        <source>host key changed</source>
        <translation>主机密钥已更改</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>command failed</source>
        <translation>命令失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>invalid settings</source>
        <translation>设置无效</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Recommended GID: %1</source>
        <translation>推荐的 GID：%1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>GID</source>
        <translation>GID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Netdev</source>
        <translation>网络设备</translation>
    </message>
    <message>
        <source>VLAN</source>
        <translation>VLAN</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>State / flags</source>
        <translation>状态 / 标志</translation>
    </message>
    <message>
        <source>recorded tree</source>
        <translation>录制的目录树</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Host name: %1</source>
        <translation>主机名：%1</translation>
    </message>
    <message>
        <source>OS: %1</source>
        <translation>操作系统：%1</translation>
    </message>
    <message>
        <source>Kernel: %1</source>
        <translation>内核：%1</translation>
    </message>
    <message>
        <source>Took %1 s</source>
        <translation>耗时 %1 秒</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Warning: no RDMA device found on this host.</source>
        <translation>警告：此主机上未发现 RDMA 设备。</translation>
    </message>
    <message>
        <source>%1, firmware %2</source>
        <translation>%1，固件 %2</translation>
    </message>
    <message>
        <source>Driver: %1</source>
        <translation>驱动：%1</translation>
    </message>
    <message>
        <source>Firmware: %1</source>
        <translation>固件：%1</translation>
    </message>
    <message>
        <source>Node GUID: %1</source>
        <translation>节点 GUID：%1</translation>
    </message>
    <message>
        <source>Node type: %1</source>
        <translation>节点类型：%1</translation>
    </message>
    <message>
        <source>Board: %1</source>
        <translation>板卡：%1</translation>
    </message>
    <message>
        <source>Created on netdev: %1</source>
        <translation>创建于网络设备：%1</translation>
    </message>
    <message>
        <source>iWARP runs over TCP: this device needs no DCB/PFC (lossless Ethernet) configuration.</source>
        <translation>iWARP 基于 TCP 运行：此设备无需配置 DCB/PFC（无损以太网）。</translation>
    </message>
    <message>
        <source>Port %1</source>
        <translation>端口 %1</translation>
    </message>
    <message>
        <source>Rate: %1</source>
        <translation>速率：%1</translation>
    </message>
    <message>
        <source>Active MTU: %1</source>
        <translation>当前 MTU：%1</translation>
    </message>
    <message>
        <source>Maximum MTU: %1</source>
        <translation>最大 MTU：%1</translation>
    </message>
    <message>
        <source>GID table: %1 entries in use of %2</source>
        <translation>GID 表：已使用 %1 个条目，共 %2 个</translation>
    </message>
    <message>
        <source>GID %1</source>
        <translation>GID %1</translation>
    </message>
    <message>
        <source>matches the wanted GID type and address family</source>
        <translation>符合所需的 GID 类型和地址族</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>link-local</source>
        <translation>链路本地</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>全零</translation>
    </message>
    <message>
        <source>%1 port %2, GID index %3: %4, type %5, netdev %6, address %7.</source>
        <translation>%1 端口 %2，GID 索引 %3：%4，类型 %5，网络设备 %6，地址 %7。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Recommended for this port: %1</source>
        <translation>此端口推荐使用：%1</translation>
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
        <translation>网络设备：%1</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricView</name>
    <message>
        <source>Fabric view</source>
        <translation>网络视图</translation>
    </message>
    <message>
        <source>No hosts yet: run a check or import outputs.</source>
        <translation>尚无主机：请运行检查或导入输出。</translation>
    </message>
</context>
<context>
    <name>rp::ui::FindingDetail</name>
    <message>
        <source>Lines read</source>
        <translation>读取的行</translation>
    </message>
    <message>
        <source>GID index %1 on %2</source>
        <translation>%2 上的 GID 索引 %1</translation>
    </message>
    <message>
        <source>No usable GID on %1</source>
        <translation>%1 上没有可用的 GID</translation>
    </message>
    <message>
        <source>Not the others:</source>
        <translation>不用其他索引：</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Read from:</source>
        <translation>读取自：</translation>
    </message>
    <message>
        <source>Involved:</source>
        <translation>涉及：</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Read from, when</source>
        <translation>读取来源及时间</translation>
    </message>
    <message>
        <source>Fix on %1 (%2)</source>
        <translation>在 %1 上修复（%2）</translation>
    </message>
    <message>
        <source>Needed to run this check: %1</source>
        <translation>运行此检查需要：%1</translation>
    </message>
</context>
<context>
    <name>rp::ui::FindingsTree</name>
    <message>
        <source>Finding</source>
        <translation>发现项</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Read from</source>
        <translation>读取自</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现项</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <comment>a GID&apos;s type and address on a netdev</comment>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <source>Use GID index %1 on %2 — %3</source>
        <translation>在 %2 上使用 GID 索引 %1 — %3</translation>
    </message>
    <message>
        <source>GID index %1 on %2 — only %3</source>
        <translation>%2 上的 GID 索引 %1 — 仅 %3</translation>
    </message>
    <message>
        <source>No usable GID on %1: %2</source>
        <translation>%1 上没有可用的 GID：%2</translation>
    </message>
    <message>
        <source>Not the others: %1</source>
        <translation>不用其他索引：%1</translation>
    </message>
    <message>
        <source>Read from %1</source>
        <translation>读取自 %1</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Whole fabric</source>
        <translation>整个网络</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n)</source>
        <translation>
            <numerusform>%1（另 %n 处）</numerusform>
        </translation>
    </message>
    <message>
        <source>Not checked (%1)</source>
        <translation>未检查（%1）</translation>
    </message>
    <message>
        <source>Checks that could not run on the outputs at hand; each says what to paste or read to run it.</source>
        <translation>无法基于现有输出运行的检查；每项都说明需要粘贴或读取什么才能运行。</translation>
    </message>
    <message>
        <source>%1 %2 — needs %3</source>
        <translation>%1 %2 — 需要 %3</translation>
    </message>
    <message>
        <source>Probably use GID index %1 on %2 — %3 (the paste has no GID types)</source>
        <translation>很可能应在 %2 上使用 GID 索引 %1 — %3（粘贴内容未给出 GID 类型）</translation>
    </message>
    <message>
        <source>%1 is a RoCE port: peers are reached by GID, not by LID (paste its GID table to choose the index)</source>
        <translation>%1 是 RoCE 端口：对端通过 GID 而非 LID 访问（请粘贴其 GID 表以选择索引）</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostDialog</name>
    <message>
        <source>Add host</source>
        <translation>添加主机</translation>
    </message>
    <message>
        <source>Edit host %1</source>
        <translation>编辑主机 %1</translation>
    </message>
    <message>
        <source>a unique label, e.g. node-a</source>
        <translation>唯一的标签，例如 node-a</translation>
    </message>
    <message>
        <source>host name or IP address</source>
        <translation>主机名或 IP 地址</translation>
    </message>
    <message>
        <source>Run on this computer, without SSH (&amp;local)</source>
        <translation>在本机运行，不使用 SSH（本地）(&amp;L)</translation>
    </message>
    <message>
        <source>optional: a recorded tree instead of the live system</source>
        <translation>可选：使用录制的目录树代替实时系统</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>浏览(&amp;W)…</translation>
    </message>
    <message>
        <source>private key in OpenSSH format</source>
        <translation>OpenSSH 格式的私钥</translation>
    </message>
    <message>
        <source>Brow&amp;se…</source>
        <translation>浏览(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>地址(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Recorded sysfs tree:</source>
        <translation>录制的 sysfs 目录树(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>Au&amp;thentication:</source>
        <translation>认证方式(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>密钥文件(&amp;K)：</translation>
    </message>
    <message>
        <source>K&amp;ind:</source>
        <translation>类型(&amp;I)：</translation>
    </message>
    <message>
        <source>Recorded sysfs tree</source>
        <translation>录制的 sysfs 目录树</translation>
    </message>
    <message>
        <source>Private key</source>
        <translation>私钥</translation>
    </message>
    <message>
        <source>Give the host a name.</source>
        <translation>请为主机指定名称。</translation>
    </message>
    <message>
        <source>Another host is already called %1.</source>
        <translation>已有另一台主机名为 %1。</translation>
    </message>
    <message>
        <source>Give the host an address.</source>
        <translation>请填写主机地址。</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Reads this computer directly, or a recorded sysfs tree, instead of logging in over SSH.</source>
        <translation>直接读取本机或录制的 sysfs 目录树，而不通过 SSH 登录。</translation>
    </message>
    <message>
        <source>How RoCE Pilot calls this host in every page and file; must be unique.</source>
        <translation>RoCE Pilot 在各页面和文件中对此主机的称呼；必须唯一。</translation>
    </message>
    <message>
        <source>The name or IP address SSH connects to.</source>
        <translation>SSH 连接的名称或 IP 地址。</translation>
    </message>
    <message>
        <source>A directory with a recorded /sys tree (tests/fixtures/sysfs); discovery reads it instead of the live system.</source>
        <translation>包含录制的 /sys 目录树的目录（tests/fixtures/sysfs）；发现过程读取它而非实际系统。</translation>
    </message>
    <message>
        <source>Browse for a recorded sysfs tree</source>
        <translation>浏览录制的 sysfs 目录树</translation>
    </message>
    <message>
        <source>Opens a folder chooser.</source>
        <translation>打开文件夹选择器。</translation>
    </message>
    <message>
        <source>The SSH port, 22 unless the host says otherwise.</source>
        <translation>SSH 端口，除非主机另有规定，否则为 22。</translation>
    </message>
    <message>
        <source>The SSH user; it needs root or sudo without a password to apply.</source>
        <translation>SSH 用户；应用配置需要 root 或免密码 sudo。</translation>
    </message>
    <message>
        <source>ssh-agent, a private key file, or a password asked once per session and kept in memory only.</source>
        <translation>ssh-agent、私钥文件，或每个会话询问一次且仅保存在内存中的密码。</translation>
    </message>
    <message>
        <source>The private key used when authentication is a key file.</source>
        <translation>以密钥文件认证时使用的私钥。</translation>
    </message>
    <message>
        <source>Browse for a private key</source>
        <translation>浏览私钥</translation>
    </message>
    <message>
        <source>Opens a file chooser.</source>
        <translation>打开文件选择器。</translation>
    </message>
    <message>
        <source>Which generator writes this host&apos;s plan: Linux, Linux with NVIDIA tools, or Windows.</source>
        <translation>由哪个生成器编写此主机的计划：Linux、带 NVIDIA 工具的 Linux 或 Windows。</translation>
    </message>
    <message>
        <source>Checks the host and adds it.</source>
        <translation>检查主机并添加。</translation>
    </message>
    <message>
        <source>Closes the dialog without a change.</source>
        <translation>关闭对话框，不做更改。</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostKeyDialog</name>
    <message>
        <source>Unknown host key</source>
        <translation>未知的主机密钥</translation>
    </message>
    <message>
        <source>The host key of &lt;b&gt;%1&lt;/b&gt; is not known yet. Compare the fingerprint with the one the host shows (for example &lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub&lt;/tt&gt; on its console) before you accept it.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 的主机密钥尚未知。接受之前，请将指纹与主机自身显示的指纹进行比对（例如在其控制台上运行 &lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub&lt;/tt&gt;）。</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>地址：</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>密钥类型：</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>指纹：</translation>
    </message>
    <message>
        <source>&amp;Accept and save</source>
        <translation>接受并保存(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation>拒绝(&amp;R)</translation>
    </message>
    <message>
        <source>Read from the host; select it to copy.</source>
        <translation>从主机读取；选中即可复制。</translation>
    </message>
    <message>
        <source>Trusts this key from now on and saves it in RoCE Pilot&apos;s own known_hosts file.</source>
        <translation>从现在起信任此密钥，并将其保存到 RoCE Pilot 自己的 known_hosts 文件中。</translation>
    </message>
    <message>
        <source>Does not connect to this host. The default.</source>
        <translation>不连接此主机。默认选项。</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostProgressModel</name>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>differs from the plan</source>
        <translation>与计划不符</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>dry run done</source>
        <translation>试运行完成</translation>
    </message>
    <message>
        <source>applying</source>
        <translation>正在应用</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>unchanged (already so)</source>
        <translation>未更改（已符合）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>已回滚</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>nothing changed: %1 step(s) will run, %2 already so, %3 skipped</source>
        <translation>未做更改：%1 个步骤将运行，%2 个已符合，%3 个已跳过</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Current step</source>
        <translation>当前步骤</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>undo: %1</source>
        <translation>撤销：%1</translation>
    </message>
</context>
<context>
    <name>rp::ui::HostsPage</name>
    <message>
        <source>Hosts and switches</source>
        <translation>主机和交换机</translation>
    </message>
    <message>
        <source>List the machines that take part. RoCE Pilot logs in with SSH (or runs locally for this computer) and only reads until you confirm a change.</source>
        <translation>列出参与部署的机器。RoCE Pilot 通过 SSH 登录（本机则直接在本地运行），在您确认更改之前只读取信息。</translation>
    </message>
    <message>
        <source>&amp;Add host…</source>
        <translation>添加主机(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>Add this &amp;computer (localhost)</source>
        <translation>添加本机(&amp;C)（localhost）</translation>
    </message>
    <message>
        <source>Import from ~/.ssh/confi&amp;g…</source>
        <translation>从 ~/.ssh/config 导入(&amp;G)…</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Remove selected hosts</source>
        <translation>删除所选主机</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Log in to the selected hosts and run &quot;uname -n&quot;.</source>
        <translation>登录所选主机并运行“uname -n”。</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v / %m</translation>
    </message>
    <message>
        <source>Connection test results appear here.</source>
        <translation>连接测试结果将显示在这里。</translation>
    </message>
    <message>
        <source>Connection test results</source>
        <translation>连接测试结果</translation>
    </message>
    <message>
        <source>OpenSSH client configuration</source>
        <translation>OpenSSH 客户端配置</translation>
    </message>
    <message>
        <source>This computer is already in the list as &quot;localhost&quot;.</source>
        <translation>本机已作为“localhost”在列表中。</translation>
    </message>
    <message>
        <source>Added this computer; it is read directly, without SSH.</source>
        <translation>已添加本机；将直接读取，不使用 SSH。</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n host(s) from %1.</source>
        <translation>
            <numerusform>已从 %1 导入 %n 台主机。</numerusform>
        </translation>
    </message>
    <message>
        <source>Already in the list: %1.</source>
        <translation>已在列表中：%1。</translation>
    </message>
    <message>
        <source>Skipped wildcard patterns: %1.</source>
        <translation>已跳过通配符模式：%1。</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message numerus="yes">
        <source>Testing %n host(s)…</source>
        <translation>
            <numerusform>正在测试 %n 台主机…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2, last: %3</source>
        <translation>%1 / %2，最近：%3</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>%1: connected, but &quot;uname -n&quot; exited with status %2: %3</source>
        <translation>%1：已连接，但“uname -n”以状态 %2 退出：%3</translation>
    </message>
    <message>
        <source>no error output</source>
        <translation>无错误输出</translation>
    </message>
    <message>
        <source>%1: connected, node name &quot;%2&quot;</source>
        <translation>%1：已连接，节点名“%2”</translation>
    </message>
    <message>
        <source>Test cancelled</source>
        <translation>测试已取消</translation>
    </message>
    <message>
        <source>Not tested</source>
        <translation>未测试</translation>
    </message>
    <message>
        <source>Connection test cancelled.</source>
        <translation>连接测试已取消。</translation>
    </message>
    <message>
        <source>Connection test finished.</source>
        <translation>连接测试已完成。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cance&amp;l test</source>
        <translation>取消测试(&amp;L)</translation>
    </message>
    <message>
        <source>Opens a dialog for a new host: name, address, SSH user and key.</source>
        <translation>打开新主机对话框：名称、地址、SSH 用户和密钥。</translation>
    </message>
    <message>
        <source>Opens the selected host in the host dialog. Enter in the table does the same.</source>
        <translation>在主机对话框中打开所选主机。在表格中按 Enter 效果相同。</translation>
    </message>
    <message>
        <source>Removes the selected hosts from the list (Delete in the table).</source>
        <translation>从列表中移除所选主机（在表格中按 Delete）。</translation>
    </message>
    <message>
        <source>Adds this computer, read directly without SSH.</source>
        <translation>添加本机，直接读取，不使用 SSH。</translation>
    </message>
    <message>
        <source>Adds the hosts of your OpenSSH client configuration.</source>
        <translation>添加 OpenSSH 客户端配置中的主机。</translation>
    </message>
    <message>
        <source>The hosts of this project: name, address, user, authentication, kind and the last connection test. Enter edits the current host, Delete removes the selected ones.</source>
        <translation>本项目的主机：名称、地址、用户、认证方式、类型以及上次连接测试。Enter 编辑当前主机，Delete 移除所选主机。</translation>
    </message>
    <message>
        <source>Stops the running connection test.</source>
        <translation>停止正在进行的连接测试。</translation>
    </message>
    <message>
        <source>Connection test progress</source>
        <translation>连接测试进度</translation>
    </message>
    <message>
        <source>How many of the selected hosts were tested.</source>
        <translation>已测试的所选主机数。</translation>
    </message>
    <message>
        <source>One line per tested host: connected with its node name, or the error and why.</source>
        <translation>每台已测试主机一行：已连接及其节点名，或错误及原因。</translation>
    </message>
</context>
<context>
    <name>rp::ui::InventoryModel</name>
    <message>
        <source>SSH agent</source>
        <translation>SSH 代理</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>密钥文件</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Linux</source>
        <translation>Linux</translation>
    </message>
    <message>
        <source>Linux (NVIDIA/Mellanox OFED)</source>
        <translation>Linux（NVIDIA/Mellanox OFED）</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Windows</translation>
    </message>
    <message>
        <source>recorded tree %1</source>
        <translation>录制的目录树 %1</translation>
    </message>
    <message>
        <source>%1 (this computer)</source>
        <translation>%1（本机）</translation>
    </message>
    <message>
        <source>none (local)</source>
        <translation>无（本地）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>认证方式</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
</context>
<context>
    <name>rp::ui::JournalListModel</name>
    <message>
        <source>damaged: %1</source>
        <translation>已损坏：%1</translation>
    </message>
    <message>
        <source>unfinished: resume or roll back</source>
        <translation>未完成：请继续或回滚</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>已回滚</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>partial (some hosts kept the change)</source>
        <translation>部分完成（部分主机保留了更改）</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>变更日志</translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation>开始时间（UTC）</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
</context>
<context>
    <name>rp::ui::JournalsDialog</name>
    <message>
        <source>Journals — RoCE Pilot</source>
        <translation>变更日志 — RoCE Pilot</translation>
    </message>
    <message>
        <source>Journals</source>
        <translation>变更日志</translation>
    </message>
    <message>
        <source>Hosts of the selected journal</source>
        <translation>所选变更日志的主机</translation>
    </message>
    <message>
        <source>Steps of the selected host</source>
        <translation>所选主机的步骤</translation>
    </message>
    <message>
        <source>The log of a rollback or resume appears here.</source>
        <translation>回滚或继续运行的日志将显示在这里。</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Roll back…</source>
        <translation>回滚(&amp;R)…</translation>
    </message>
    <message>
        <source>Undo every step this run made, in reverse order, and compare each host with its snapshot.</source>
        <translation>按相反顺序撤销本次运行所做的每个步骤，并将每台主机与其快照进行比较。</translation>
    </message>
    <message>
        <source>Re&amp;sume…</source>
        <translation>继续(&amp;S)…</translation>
    </message>
    <message>
        <source>Continue a run that never ended: steps verified before are read back again, the others run.</source>
        <translation>继续一次未结束的运行：之前已验证的步骤会重新回读，其余步骤将运行。</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Nothing was done: %1</source>
        <translation>未执行任何操作：%1</translation>
    </message>
    <message>
        <source>Journal %1: %2.</source>
        <translation>变更日志 %1：%2。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>No journals in %1 yet: every apply writes one.</source>
        <translation>%1 中尚无变更日志：每次应用都会写入一份。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in %1, newest first.</source>
        <translation>
            <numerusform>%1 中有 %n 次运行，最新的排在最前。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) never finished (RoCE Pilot was closed or killed during it): resume or roll back.</source>
        <translation>
            <numerusform>%n 次运行未完成（运行期间 RoCE Pilot 被关闭或终止）：请继续或回滚。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (switch): %2 — %3</source>
        <translation>%1（交换机）：%2 — %3</translation>
    </message>
    <message numerus="yes">
        <source>Resume journal %1 on %n host(s): %2?

Steps verified before are read back again; the others run, each read back after it runs.</source>
        <translation>
            <numerusform>在 %n 台主机上继续变更日志 %1：%2？

之前已验证的步骤会重新回读；其余步骤将运行，每个步骤运行后都会回读。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Roll back journal %1 on %n host(s): %2?

Every step that ran is undone in reverse order, then each host is read back and compared with its snapshot.</source>
        <translation>
            <numerusform>在 %n 台主机上回滚变更日志 %1：%2？

已运行的每个步骤都将按相反顺序撤销，然后回读每台主机并与其快照进行比较。</numerusform>
        </translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation>继续(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Roll back</source>
        <translation>回滚(&amp;R)</translation>
    </message>
    <message>
        <source>Resuming %1…</source>
        <translation>正在继续 %1…</translation>
    </message>
    <message>
        <source>Rolling back %1…</source>
        <translation>正在回滚 %1…</translation>
    </message>
    <message>
        <source>Wait for the run to end; it cannot be left half-way.</source>
        <translation>请等待运行结束；不能中途退出。</translation>
    </message>
    <message>
        <source>Every apply run, newest first: when, its hosts and its outcome. Damaged files are listed with their error.</source>
        <translation>每次应用运行，最新的在前：时间、主机及结果。损坏的文件会连同其错误一起列出。</translation>
    </message>
    <message>
        <source>The hosts of the selected run and how far each got.</source>
        <translation>所选运行的主机及各自的进度。</translation>
    </message>
    <message>
        <source>The steps of the selected host as the journal recorded them.</source>
        <translation>变更日志中记录的所选主机的步骤。</translation>
    </message>
    <message>
        <source>Journal log</source>
        <translation>变更日志记录</translation>
    </message>
    <message>
        <source>Reads the journal folder again.</source>
        <translation>重新读取变更日志文件夹。</translation>
    </message>
    <message>
        <source>Closes this window; a running rollback or resume goes on.</source>
        <translation>关闭此窗口；正在进行的回滚或继续运行不受影响。</translation>
    </message>
</context>
<context>
    <name>rp::ui::LabPage</name>
    <message>
        <source>The lab did not hand over a usable host list. Stop it (File menu, Stop Soft-RoCE lab) and press Try again.</source>
        <translation>实验环境没有提供可用的主机列表。请停止它（“文件”菜单，“停止 Soft-RoCE 实验环境”），然后点击“重试”。</translation>
    </message>
    <message>
        <source>The start was cancelled and the lab stopped again. Press Try again to start it, or Back to choose something else.</source>
        <translation>启动已取消，实验环境已重新停止。点击“重试”重新启动，或点击“上一步”选择其他操作。</translation>
    </message>
    <message>
        <source>The lab files were not found. Reinstall RoCE Pilot (they ship in share/rocepilot/lab) or set RP_LAB_SCRIPT to lab/lab.sh of a source tree, then start RoCE Pilot again.</source>
        <translation>未找到实验环境文件。请重新安装 RoCE Pilot（这些文件位于 share/rocepilot/lab），或将 RP_LAB_SCRIPT 设置为源码树中的 lab/lab.sh，然后重新启动 RoCE Pilot。</translation>
    </message>
    <message>
        <source>The guests did not answer in time. Without KVM the first start can be slow; press Try again (what was built is reused).</source>
        <translation>虚拟机未能及时响应。没有 KVM 时首次启动可能较慢；请点击“重试”（已构建的内容会被重用）。</translation>
    </message>
    <message>
        <source>The lab script ended without saying it was ready. Stop the lab (File menu, Stop Soft-RoCE lab) and press Try again.</source>
        <translation>实验环境脚本结束时未报告就绪。请停止实验环境（“文件”菜单，“停止 Soft-RoCE 实验环境”），然后点击“重试”。</translation>
    </message>
    <message>
        <source>Install what the message above names (installer/deps.sh lists everything the lab needs: qemu-system-x86, busybox-static, cpio, kmod, OpenSSH), then press Try again. Back returns to the Welcome page.</source>
        <translation>请安装上面消息中提到的软件（installer/deps.sh 列出了实验环境所需的全部软件：qemu-system-x86、busybox-static、cpio、kmod、OpenSSH），然后点击“重试”。“上一步”返回欢迎页面。</translation>
    </message>
    <message>
        <source>Built-in Soft-RoCE lab</source>
        <translation>内置 Soft-RoCE 实验环境</translation>
    </message>
    <message>
        <source>RoCE Pilot boots two small virtual machines, lab-a and lab-b (qemu), whose Soft-RoCE devices (rdma_rxe) talk RoCE to each other. No RDMA hardware is needed, and nothing on this computer&apos;s network is changed.</source>
        <translation>RoCE Pilot 会启动两台小型虚拟机 lab-a 和 lab-b（qemu），它们的 Soft-RoCE 设备（rdma_rxe）相互通过 RoCE 通信。无需 RDMA 硬件，也不会更改本机的网络。</translation>
    </message>
    <message>
        <source>The first start builds the guests&apos; image (a few minutes); later starts reuse it, and a lab that is still running is reused at once. When both guests answer, their hosts are added and discovered.</source>
        <translation>首次启动会构建虚拟机镜像（需要几分钟）；之后的启动会重用它，仍在运行的实验环境会被立即重用。两台虚拟机都响应后，会添加并探测它们的主机。</translation>
    </message>
    <message>
        <source>%p%</source>
        <translation>%p%</translation>
    </message>
    <message>
        <source>Lab start progress</source>
        <translation>实验环境启动进度</translation>
    </message>
    <message>
        <source>Cance&amp;l start</source>
        <translation>取消启动(&amp;L)</translation>
    </message>
    <message>
        <source>Stop starting the lab; whatever was started is stopped again.</source>
        <translation>停止启动实验环境；已启动的部分会被重新停止。</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>重试(&amp;T)</translation>
    </message>
    <message>
        <source>Start the lab again.</source>
        <translation>重新启动实验环境。</translation>
    </message>
    <message>
        <source>Waiting for the lab to stop before starting it again…</source>
        <translation>正在等待实验环境停止，然后重新启动…</translation>
    </message>
    <message>
        <source>Starting the lab…</source>
        <translation>正在启动实验环境…</translation>
    </message>
    <message>
        <source>Starting the Soft-RoCE lab…</source>
        <translation>正在启动 Soft-RoCE 实验环境…</translation>
    </message>
    <message>
        <source>The lab is running: %1.</source>
        <translation>实验环境正在运行：%1。</translation>
    </message>
    <message>
        <source>Soft-RoCE lab running (%1). It keeps running when RoCE Pilot quits and is reused next time; File &gt; Stop Soft-RoCE lab stops it.</source>
        <translation>Soft-RoCE 实验环境正在运行（%1）。RoCE Pilot 退出后它仍会继续运行，并在下次被重用；“文件 &gt; 停止 Soft-RoCE 实验环境”可将其停止。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The lab did not start.</source>
        <translation>实验环境未能启动。</translation>
    </message>
    <message>
        <source>%1

What to do: %2</source>
        <translation>%1

解决办法：%2</translation>
    </message>
    <message>
        <source>Soft-RoCE lab start cancelled; the lab was stopped.</source>
        <translation>Soft-RoCE 实验环境的启动已取消；实验环境已停止。</translation>
    </message>
    <message>
        <source>The Soft-RoCE lab did not start.</source>
        <translation>Soft-RoCE 实验环境未能启动。</translation>
    </message>
    <message>
        <source>Cancelling: stopping what was started…</source>
        <translation>正在取消：停止已启动的部分…</translation>
    </message>
    <message>
        <source>Cancelling the Soft-RoCE lab start…</source>
        <translation>正在取消 Soft-RoCE 实验环境的启动…</translation>
    </message>
    <message>
        <source>Stopping the Soft-RoCE lab…</source>
        <translation>正在停止 Soft-RoCE 实验环境…</translation>
    </message>
    <message>
        <source>Could not stop the Soft-RoCE lab: %1</source>
        <translation>无法停止 Soft-RoCE 实验环境：%1</translation>
    </message>
    <message>
        <source>The lab was stopped.</source>
        <translation>实验环境已停止。</translation>
    </message>
    <message>
        <source>Soft-RoCE lab stopped.</source>
        <translation>Soft-RoCE 实验环境已停止。</translation>
    </message>
    <message>
        <source>How far the start of the two lab guests has come; the line below says what runs now.</source>
        <translation>两台实验环境虚拟机的启动进度；下方一行显示当前正在执行的内容。</translation>
    </message>
    <message>
        <source>Why the lab did not start</source>
        <translation>实验环境未能启动的原因</translation>
    </message>
    <message>
        <source>The error and what to do about it; select to copy.</source>
        <translation>错误及处理方法；选中即可复制。</translation>
    </message>
</context>
<context>
    <name>rp::ui::MainWindow</name>
    <message>
        <source>RoCE Pilot projects (*.yaml *.yml);;All files (*)</source>
        <translation>RoCE Pilot 项目 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About RoCE Pilot</source>
        <translation>关于 RoCE Pilot(&amp;A)</translation>
    </message>
    <message>
        <source>About RoCE Pilot</source>
        <translation>关于 RoCE Pilot</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;RoCE Pilot %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Takes you through a first RDMA over Converged Ethernet deployment: hosts, discovery, and the settings that have to agree across the fabric.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;RoCE Pilot %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;引导您完成首次 RDMA over Converged Ethernet 部署：主机、发现，以及整个网络中必须保持一致的设置。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Untitled project[*] — RoCE Pilot</source>
        <translation>未命名项目[*] — RoCE Pilot</translation>
    </message>
    <message>
        <source>%1[*] — RoCE Pilot</source>
        <translation>%1[*] — RoCE Pilot</translation>
    </message>
    <message>
        <source>Cannot open project</source>
        <translation>无法打开项目</translation>
    </message>
    <message>
        <source>%1 could not be opened; nothing was changed.

%2</source>
        <translation>无法打开 %1；未做任何更改。

%2</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Cannot save project</source>
        <translation>无法保存项目</translation>
    </message>
    <message>
        <source>The project could not be saved; the file on disk was left as it was.

%1</source>
        <translation>无法保存项目；磁盘上的文件保持不变。

%1</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The host list has changed since it was last saved. Save it now?</source>
        <translation>主机列表自上次保存后已更改。现在保存吗？</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>放弃(&amp;D)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Sto&amp;p Soft-RoCE lab</source>
        <translation>停止 Soft-RoCE 实验环境(&amp;P)</translation>
    </message>
    <message>
        <source>Stop the two lab guests. A lab left running is reused by the next start.</source>
        <translation>停止两台实验虚拟机。保持运行的实验环境会在下次启动时被重用。</translation>
    </message>
    <message>
        <source>New &amp;dashboard</source>
        <translation>新建仪表板(&amp;D)</translation>
    </message>
    <message>
        <source>Run tests and watch live charts in a window of its own</source>
        <translation>在独立窗口中运行测试并查看实时图表</translation>
    </message>
    <message>
        <source>Open &amp;run…</source>
        <translation>打开运行记录(&amp;R)…</translation>
    </message>
    <message>
        <source>Open a saved run</source>
        <translation>打开已保存的运行记录</translation>
    </message>
    <message>
        <source>RoCE Pilot runs (*.rprun);;All files (*)</source>
        <translation>RoCE Pilot 运行记录 (*.rprun);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>打开运行记录</translation>
    </message>
    <message>
        <source>&amp;Journals…</source>
        <translation>变更日志(&amp;J)…</translation>
    </message>
    <message>
        <source>Every apply run with its outcome: roll back or resume from there.</source>
        <translation>每次应用运行及其结果：可从中回滚或继续。</translation>
    </message>
    <message>
        <source>RoCE Pilot was closed while it was changing hosts: journal %1 (%2, started %3 UTC) never finished.

Hosts: %4.

Resume it (steps verified before are read back again, the others run), or roll it back (every step that ran is undone and each host compared with its snapshot). Nothing happens until you choose.</source>
        <translation>RoCE Pilot 在更改主机期间被关闭：变更日志 %1（%2，开始于 UTC %3）未完成。

主机：%4。

您可以继续（之前已验证的步骤会重新回读，其余步骤将运行），或回滚（撤销已运行的每个步骤，并将每台主机与其快照进行比较）。在您做出选择之前，不会执行任何操作。</translation>
    </message>
    <message numerus="yes">
        <source>Its journal was written %n second(s) ago: another RoCE Pilot (or rocepilot-cli) may still be running it. Choose Later unless you know it stopped.</source>
        <translation>
            <numerusform>其变更日志在 %n 秒前写入：另一个 RoCE Pilot（或 rocepilot-cli）可能仍在运行它。除非确定它已停止，否则请选择“稍后”。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more unfinished run(s) are in File &gt; Journals….</source>
        <translation>
            <numerusform>另有 %n 次未完成的运行，见“文件 &gt; 变更日志…”。</numerusform>
        </translation>
    </message>
    <message>
        <source>Unfinished run</source>
        <translation>未完成的运行</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Roll &amp;back</source>
        <translation>回滚(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>稍后(&amp;L)</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>有运行正在进行</translation>
    </message>
    <message>
        <source>RoCE Pilot is changing hosts. Closing cancels the run: the step that runs now finishes, then the hosts that changed are rolled back, and the window closes when that is done.</source>
        <translation>RoCE Pilot 正在更改主机。关闭将取消运行：当前步骤完成后，已更改的主机将回滚，完成后窗口关闭。</translation>
    </message>
    <message>
        <source>Cancel the run and &amp;close</source>
        <translation>取消运行并关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>继续运行(&amp;K)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System colours</source>
        <translation>系统颜色(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>The built-in Soft-RoCE &amp;lab</source>
        <translation>内置 Soft-RoCE 实验环境(&amp;L)</translation>
    </message>
    <message>
        <source>The profile of the last session was not restored: %1</source>
        <translation>未恢复上次会话的配置方案：%1</translation>
    </message>
    <message>
        <source>&amp;%1 %2 — %3</source>
        <translation>&amp;%1 %2 — %3</translation>
    </message>
    <message>
        <source>No recent projects</source>
        <translation>没有最近的项目</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>The built-in Soft-RoCE lab</source>
        <translation>内置 Soft-RoCE 实验环境</translation>
    </message>
    <message>
        <source>RoCE Pilot can be tried without RDMA hardware and without touching your network.</source>
        <translation>无需 RDMA 硬件，也不会触碰您的网络，即可试用 RoCE Pilot。</translation>
    </message>
    <message>
        <source>Choose &quot;Try it on the built-in Soft-RoCE lab&quot; on the Welcome page (or start rocepilot --lab). RoCE Pilot then boots two small virtual machines, lab-a and lab-b, under qemu. Each has a Soft-RoCE device (rdma_rxe) on a private virtual link, so they talk real RoCE v2 to each other.

Both guests are added as hosts with their SSH keys already trusted, and discovered: their GID tables, the recommended GID, and their DCB state (their virtual NICs have none, and RoCE Pilot says so instead of guessing). From there the wizard goes on as with real hosts: profile, review, apply with read-back and rollback, performance tests and the troubleshooter.

The first start builds the guests&apos; image and takes longer; later starts take seconds. The lab keeps running when RoCE Pilot quits and is reused next time; File &gt; Stop Soft-RoCE lab stops it.

This explanation is shown once; Help &gt; The built-in Soft-RoCE lab shows it again.</source>
        <translation>在“欢迎”页面选择“在内置 Soft-RoCE 实验环境中试用”（或运行 rocepilot --lab）。RoCE Pilot 随后会在 qemu 下启动两台小型虚拟机 lab-a 和 lab-b。每台虚拟机在一条私有虚拟链路上都有一个 Soft-RoCE 设备（rdma_rxe），因此它们之间使用真正的 RoCE v2 通信。

两台虚拟机会作为主机添加，其 SSH 密钥已受信任，并完成发现：GID 表、推荐的 GID 及其 DCB 状态（它们的虚拟网卡没有 DCB，RoCE Pilot 会如实说明而不是猜测）。之后向导的流程与真实主机相同：配置方案、审阅、带回读和回滚的应用、性能测试以及故障排查。

首次启动需要构建虚拟机镜像，耗时较长；之后的启动只需几秒。RoCE Pilot 退出时实验环境会继续运行，下次会被复用；文件 &gt; 停止 Soft-RoCE 实验环境 可将其停止。

此说明只显示一次；帮助 &gt; 内置 Soft-RoCE 实验环境 可再次显示。</translation>
    </message>
    <message>
        <source>&amp;Try the lab now</source>
        <translation>立即试用实验环境(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
<context>
    <name>rp::ui::PfcView</name>
    <message>
        <source>Priority flow control per host, direction and priority</source>
        <translation>按主机、方向和优先级显示的优先级流控制</translation>
    </message>
    <message>
        <source>Alarms raised by the host counters</source>
        <translation>主机计数器触发的告警</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Alarm</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>%1 lossless</source>
        <translation>%1 无损</translation>
    </message>
    <message>
        <source>Priority %1</source>
        <translation>优先级 %1</translation>
    </message>
    <message>
        <source>A PFC priority of the profile: pauses here are how a lossless fabric works</source>
        <translation>配置方案中的 PFC 优先级：此处的暂停是无损网络的正常工作方式</translation>
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
        <translation>收到暂停帧：对端（交换机）暂停了此端口；请检查网络</translation>
    </message>
    <message>
        <source>Pause frames sent: this port paused the peer; look at the NIC&apos;s buffers, PCIe, the host</source>
        <translation>发送了暂停帧：此端口暂停了对端；请检查网卡缓冲区、PCIe 和主机</translation>
    </message>
    <message>
        <source>This NIC has no pause counter for priority %1 (absent, not zero)</source>
        <translation>此网卡没有优先级 %1 的暂停计数器（缺失，而非为零）</translation>
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
        <translation>%1 次/s</translation>
    </message>
    <message>
        <source>Priority %1, %2, last second: pause frames per second; share of the time paused (from the pause duration counter) · pause episodes (ep) per second</source>
        <translation>优先级 %1，%2，最近一秒：每秒暂停帧数；暂停时间占比（来自暂停时长计数器）· 每秒暂停事件数（次）</translation>
    </message>
    <message>
        <source>received</source>
        <translation>接收</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Pauses on priority %1, which is not a PFC priority of the profile: PFC, trust or the switch pauses a lossy class</source>
        <translation>优先级 %1 上出现暂停，但它不是配置方案中的 PFC 优先级：PFC、信任设置或交换机暂停了一个有损类</translation>
    </message>
    <message>
        <source>Per-priority pause counters appear here while a test runs.</source>
        <translation>测试运行时，此处显示各优先级的暂停计数器。</translation>
    </message>
    <message>
        <source>These NICs have no per-priority pause counters (Soft-RoCE, virtio and most NICs without DCB): PFC cannot be shown.</source>
        <translation>这些网卡没有按优先级的暂停计数器（Soft-RoCE、virtio 以及大多数不支持 DCB 的网卡）：无法显示 PFC。</translation>
    </message>
    <message>
        <source>No profile: the lossless priority is not known, so pauses on other priorities are not flagged.</source>
        <translation>没有配置方案：无损优先级未知，因此不标记其他优先级上的暂停。</translation>
    </message>
    <message>
        <source>Pauses on a priority outside the profile&apos;s PFC set (flagged).</source>
        <translation>配置方案 PFC 集合之外的优先级上的暂停（已标记）。</translation>
    </message>
    <message>
        <source>Pause frames per second, time paused and pause episodes, last second; lossless priority highlighted.</source>
        <translation>最近一秒的每秒暂停帧数、暂停时间和暂停事件数；无损优先级高亮显示。</translation>
    </message>
</context>
<context>
    <name>rp::ui::ProfileIssueModel</name>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Field: %1</source>
        <translation>字段：%1</translation>
    </message>
</context>
<context>
    <name>rp::ui::ProfilePage</name>
    <message>
        <source>Profile</source>
        <translation>配置方案</translation>
    </message>
    <message>
        <source>Choose how RoCE traffic is classified and protected on hosts and switches. Start from a preset; every change is checked as you type.</source>
        <translation>选择 RoCE 流量在主机和交换机上的分类与保护方式。从预设开始；每次修改都会在输入时检查。</translation>
    </message>
    <message>
        <source>(loaded from a file)</source>
        <translation>（从文件加载）</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Load…</source>
        <translation>加载(&amp;L)…</translation>
    </message>
    <message>
        <source>Read a profile YAML file (see docs/profile.md).</source>
        <translation>读取配置方案 YAML 文件（参见 docs/profile.md）。</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Write this profile as YAML, for rocepilot-cli or a later session.</source>
        <translation>将此配置方案写为 YAML，供 rocepilot-cli 或以后的会话使用。</translation>
    </message>
    <message>
        <source>About this profile</source>
        <translation>关于此配置方案</translation>
    </message>
    <message>
        <source>Profile checks</source>
        <translation>配置方案检查</translation>
    </message>
    <message>
        <source>Double-click a finding to go to its field.</source>
        <translation>双击某条结果可跳转到对应字段。</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>RoCE traffic</source>
        <translation>RoCE 流量</translation>
    </message>
    <message>
        <source>Lossless: PFC on the RoCE priority</source>
        <translation>无损：在 RoCE 优先级上启用 PFC</translation>
    </message>
    <message>
        <source>ECN only: no PFC anywhere</source>
        <translation>仅 ECN：任何地方都不启用 PFC</translation>
    </message>
    <message>
        <source>RoCE v2 (routable, UDP/IP)</source>
        <translation>RoCE v2（可路由，UDP/IP）</translation>
    </message>
    <message>
        <source>RoCE v1 (Ethernet only)</source>
        <translation>RoCE v1（仅以太网）</translation>
    </message>
    <message>
        <source>DSCP (IP header)</source>
        <translation>DSCP（IP 报头）</translation>
    </message>
    <message>
        <source>PCP (VLAN tag priority)</source>
        <translation>PCP（VLAN 标签优先级）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Needed for PCP trust: untagged frames carry no priority.</source>
        <translation>PCP 信任需要 VLAN：不带标签的帧不携带优先级。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Flow control:</source>
        <translation>流控：</translation>
    </message>
    <message>
        <source>RoCE mode:</source>
        <translation>RoCE 模式：</translation>
    </message>
    <message>
        <source>Trust:</source>
        <translation>信任：</translation>
    </message>
    <message>
        <source>VLAN:</source>
        <translation>VLAN：</translation>
    </message>
    <message>
        <source>RoCE DSCP:</source>
        <translation>RoCE DSCP：</translation>
    </message>
    <message>
        <source>RoCE priority:</source>
        <translation>RoCE 优先级：</translation>
    </message>
    <message>
        <source>Congestion notification (CNP)</source>
        <translation>拥塞通知（CNP）</translation>
    </message>
    <message>
        <source>Strict-priority class</source>
        <translation>严格优先级类</translation>
    </message>
    <message>
        <source>CNP DSCP:</source>
        <translation>CNP DSCP：</translation>
    </message>
    <message>
        <source>CNP priority:</source>
        <translation>CNP 优先级：</translation>
    </message>
    <message>
        <source>Second class (cluster heartbeat)</source>
        <translation>第二类（集群心跳）</translation>
    </message>
    <message>
        <source>Use a second small class</source>
        <translation>使用第二个小流量类</translation>
    </message>
    <message>
        <source>Priority:</source>
        <translation>优先级：</translation>
    </message>
    <message>
        <source>DSCP:</source>
        <translation>DSCP：</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> 字节</translation>
    </message>
    <message>
        <source>IP MTU of the host netdev. Windows *JumboPacket is this plus 14.</source>
        <translation>主机网络设备的 IP MTU。Windows 的 *JumboPacket 为此值加 14。</translation>
    </message>
    <message>
        <source>Host MTU:</source>
        <translation>主机 MTU：</translation>
    </message>
    <message>
        <source>Switch MTU:</source>
        <translation>交换机 MTU：</translation>
    </message>
    <message>
        <source>PFC (priority flow control)</source>
        <translation>PFC（基于优先级的流控）</translation>
    </message>
    <message>
        <source>Priorities:</source>
        <translation>优先级：</translation>
    </message>
    <message>
        <source>PFC on priority %1</source>
        <translation>优先级 %1 启用 PFC</translation>
    </message>
    <message>
        <source>PFC watchdog where the platform has one</source>
        <translation>平台支持时启用 PFC 看门狗</translation>
    </message>
    <message>
        <source>ETS (bandwidth per traffic class)</source>
        <translation>ETS（每个流量类的带宽）</translation>
    </message>
    <message>
        <source>Priority → TC:</source>
        <translation>优先级 → TC：</translation>
    </message>
    <message>
        <source>TC bandwidth %:</source>
        <translation>TC 带宽 %：</translation>
    </message>
    <message>
        <source>Strict TC:</source>
        <translation>严格 TC：</translation>
    </message>
    <message>
        <source>Traffic class of priority %1</source>
        <translation>优先级 %1 的流量类</translation>
    </message>
    <message>
        <source>Bandwidth percent of TC %1</source>
        <translation>TC %1 的带宽百分比</translation>
    </message>
    <message>
        <source>TC %1 is strict priority</source>
        <translation>TC %1 为严格优先级</translation>
    </message>
    <message>
        <source>ECN (switch marking for DCQCN)</source>
        <translation>ECN（交换机为 DCQCN 标记）</translation>
    </message>
    <message>
        <source>Mark ECN on the RoCE class</source>
        <translation>在 RoCE 类上标记 ECN</translation>
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
        <translation>最小阈值：</translation>
    </message>
    <message>
        <source>Maximum threshold:</source>
        <translation>最大阈值：</translation>
    </message>
    <message>
        <source>Probability at maximum:</source>
        <translation>最大阈值处的标记概率：</translation>
    </message>
    <message>
        <source>DCBX and LLDP</source>
        <translation>DCBX 与 LLDP</translation>
    </message>
    <message>
        <source>Host is willing (accepts the switch&apos;s settings)</source>
        <translation>主机为 willing（接受交换机的设置）</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>NIC firmware</source>
        <translation>网卡固件</translation>
    </message>
    <message>
        <source>LLDP agent:</source>
        <translation>LLDP 代理：</translation>
    </message>
    <message>
        <source>rdma_cm defaults</source>
        <translation>rdma_cm 默认值</translation>
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
        <translation>模式：</translation>
    </message>
    <message>
        <source>ToS:</source>
        <translation>ToS：</translation>
    </message>
    <message>
        <source>Switch ports and buffers</source>
        <translation>交换机端口与缓冲区</translation>
    </message>
    <message>
        <source>QoS on ports facing hosts</source>
        <translation>在面向主机的端口上配置 QoS</translation>
    </message>
    <message>
        <source>QoS on uplinks (lossless end to end)</source>
        <translation>在上行链路上配置 QoS（端到端无损）</translation>
    </message>
    <message>
        <source> m</source>
        <translation> 米</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Cable length for the PFC headroom (mlnx_qos --cable_len, SONiC cable_length).</source>
        <translation>用于 PFC 余量计算的线缆长度（mlnx_qos --cable_len，SONiC cable_length）。</translation>
    </message>
    <message>
        <source>Cable length:</source>
        <translation>线缆长度：</translation>
    </message>
    <message>
        <source>Lossless buffer share:</source>
        <translation>无损缓冲区占比：</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s): fix them to go on.</source>
        <translation>
            <numerusform>%n 个错误：修正后才能继续。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation>
            <numerusform>%n 个警告。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No errors. %n warning(s): known traps, the profile stays usable.</source>
        <translation>
            <numerusform>没有错误。%n 个警告：已知的陷阱，配置方案仍可使用。</numerusform>
        </translation>
    </message>
    <message>
        <source>No errors, no warnings.</source>
        <translation>没有错误，没有警告。</translation>
    </message>
    <message>
        <source>ETS classes sum to %1 % (must be 100 %; strict classes take 0 %).</source>
        <translation>ETS 类合计 %1 %（必须为 100 %；严格类为 0 %）。</translation>
    </message>
    <message>
        <source>Changed from the preset: the checks below apply to the values in the form.</source>
        <translation>已在预设基础上修改：下方检查针对表单中的值。</translation>
    </message>
    <message>
        <source>A profile loaded from a file.</source>
        <translation>从文件加载的配置方案。</translation>
    </message>
    <message>
        <source>Not loaded: %1</source>
        <translation>未加载：%1</translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation>已加载 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1 with %n error(s):</source>
        <translation>
            <numerusform>已加载 %1，有 %n 个错误：</numerusform>
        </translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Saved %1 (it still has errors).</source>
        <translation>已保存 %1（仍有错误）。</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Load profile</source>
        <translation>加载配置方案</translation>
    </message>
    <message>
        <source>Profile YAML (*.yaml *.yml);;All files (*)</source>
        <translation>配置方案 YAML (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>保存配置方案</translation>
    </message>
    <message>
        <source>A starting point for the profile; its explanation is shown beside the form. Editing a field keeps the preset&apos;s name and marks the profile as changed.</source>
        <translation>配置方案的起点；其说明显示在表单旁。编辑字段会保留预设名称，并将配置方案标记为已更改。</translation>
    </message>
    <message>
        <source>Errors (they block Next) and warnings about the values in the form. Enter on a finding moves the focus to its field.</source>
        <translation>关于表单中各值的错误（会阻止“下一步”）和警告。在某条结果上按 Enter 会将焦点移到对应字段。</translation>
    </message>
    <message>
        <source>A label for this profile; it heads every generated file.</source>
        <translation>此配置方案的标签；显示在每个生成文件的开头。</translation>
    </message>
    <message>
        <source>Lossless uses PFC pause frames on the RoCE priority; ECN only relies on congestion marking and never pauses.</source>
        <translation>无损模式在 RoCE 优先级上使用 PFC 暂停帧；仅 ECN 模式只依赖拥塞标记，从不暂停。</translation>
    </message>
    <message>
        <source>RoCE v2 runs over UDP/IP and can be routed; v1 stays inside one Ethernet segment.</source>
        <translation>RoCE v2 运行在 UDP/IP 之上，可路由；v1 仅限于一个以太网网段内。</translation>
    </message>
    <message>
        <source>Which header the NICs and switches read the priority from: the DSCP of the IP header or the PCP of the VLAN tag.</source>
        <translation>网卡和交换机从哪个头部读取优先级：IP 头部的 DSCP 或 VLAN 标签的 PCP。</translation>
    </message>
    <message>
        <source>The DSCP value (0 to 63) RoCE packets are sent with.</source>
        <translation>发送 RoCE 数据包所用的 DSCP 值（0 到 63）。</translation>
    </message>
    <message>
        <source>The priority (0 to 7) RoCE traffic maps to; PFC protects this priority.</source>
        <translation>RoCE 流量映射到的优先级（0 到 7）；PFC 保护此优先级。</translation>
    </message>
    <message>
        <source>The DSCP value of congestion notification packets.</source>
        <translation>拥塞通知报文（CNP）的 DSCP 值。</translation>
    </message>
    <message>
        <source>The priority congestion notification packets map to.</source>
        <translation>拥塞通知报文映射到的优先级。</translation>
    </message>
    <message>
        <source>Sends congestion notifications in a strict-priority class so they overtake data.</source>
        <translation>在严格优先级类中发送拥塞通知，使其优先于数据。</translation>
    </message>
    <message>
        <source>Reserves a second small class, for example for a cluster heartbeat, with its own priority and DSCP.</source>
        <translation>预留第二个小类，例如用于集群心跳，具有独立的优先级和 DSCP。</translation>
    </message>
    <message>
        <source>The priority of the second class.</source>
        <translation>第二类的优先级。</translation>
    </message>
    <message>
        <source>The DSCP value of the second class.</source>
        <translation>第二类的 DSCP 值。</translation>
    </message>
    <message>
        <source>The MTU of the switch ports; it must be at least the host MTU plus headers.</source>
        <translation>交换机端口的 MTU；必须至少为主机 MTU 加上头部长度。</translation>
    </message>
    <message>
        <source>Pause frames protect this priority from drops.</source>
        <translation>暂停帧保护此优先级不被丢包。</translation>
    </message>
    <message>
        <source>The traffic class (0 to 7) this priority is queued in.</source>
        <translation>此优先级进入的流量类（0 到 7）队列。</translation>
    </message>
    <message>
        <source>The share of the link this traffic class gets under load; the classes that are not strict must add up to 100 %.</source>
        <translation>此流量类在负载下获得的链路带宽占比；非严格类的总和必须为 100 %。</translation>
    </message>
    <message>
        <source>A strict class is always served first and takes no bandwidth share.</source>
        <translation>严格类始终优先服务，不占用带宽份额。</translation>
    </message>
    <message>
        <source>Lets the switch drop a queue that stays paused too long instead of spreading the pause.</source>
        <translation>允许交换机丢弃暂停过久的队列，而不是让暂停扩散。</translation>
    </message>
    <message>
        <source>Switches mark packets of the RoCE class when their queue grows, so senders slow down (DCQCN).</source>
        <translation>交换机在队列增长时标记 RoCE 类的数据包，使发送方降速（DCQCN）。</translation>
    </message>
    <message>
        <source>Queue depth where marking starts.</source>
        <translation>开始标记时的队列深度。</translation>
    </message>
    <message>
        <source>Queue depth where marking reaches its maximum probability.</source>
        <translation>标记达到最大概率时的队列深度。</translation>
    </message>
    <message>
        <source>The marking probability at the maximum threshold.</source>
        <translation>最大阈值处的标记概率。</translation>
    </message>
    <message>
        <source>A willing host takes PFC and ETS from the switch through DCBX instead of its own settings.</source>
        <translation>willing 主机通过 DCBX 从交换机获取 PFC 和 ETS，而不使用自身设置。</translation>
    </message>
    <message>
        <source>Which LLDP agent speaks DCBX for the host: the operating system or the NIC firmware.</source>
        <translation>由哪个 LLDP 代理为主机运行 DCBX：操作系统或网卡固件。</translation>
    </message>
    <message>
        <source>The RoCE mode rdma_cm uses for new connections by default.</source>
        <translation>rdma_cm 默认用于新连接的 RoCE 模式。</translation>
    </message>
    <message>
        <source>The type of service rdma_cm sets on new connections: the DSCP times 4 plus the ECN bits.</source>
        <translation>rdma_cm 在新连接上设置的服务类型（ToS）：DSCP 乘以 4 再加上 ECN 位。</translation>
    </message>
    <message>
        <source>Generates trust, PFC and ETS for switch ports that face hosts.</source>
        <translation>为面向主机的交换机端口生成信任、PFC 和 ETS 配置。</translation>
    </message>
    <message>
        <source>Generates the same QoS on uplinks, so traffic stays lossless between switches.</source>
        <translation>在上行链路上生成相同的 QoS，使交换机之间的流量保持无损。</translation>
    </message>
    <message>
        <source>The share of the switch buffer reserved for lossless traffic, where the platform lets you set it.</source>
        <translation>为无损流量预留的交换机缓冲区占比（平台允许设置时）。</translation>
    </message>
    <message>
        <source>The profile of the last session.</source>
        <translation>上次会话的配置方案。</translation>
    </message>
</context>
<context>
    <name>rp::ui::ReviewPage</name>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Double-click a cell to edit it. Ports are separated by commas.</source>
        <translation>双击单元格进行编辑。端口之间用逗号分隔。</translation>
    </message>
    <message>
        <source>&amp;Add switch</source>
        <translation>添加交换机(&amp;A)</translation>
    </message>
    <message>
        <source>Re&amp;move switch</source>
        <translation>移除交换机(&amp;M)</translation>
    </message>
    <message>
        <source>Write one file per target plus plan.json into an empty folder, all or nothing.</source>
        <translation>将每个目标一个文件以及 plan.json 写入空文件夹，要么全部成功，要么什么都不写。</translation>
    </message>
    <message>
        <source>not discovered</source>
        <translation>未发现</translation>
    </message>
    <message>
        <source>%1 (no RoCE port found)</source>
        <translation>%1（未找到 RoCE 端口）</translation>
    </message>
    <message>
        <source>No plan: no discovered host has a RoCE port and no switch is listed. Add a switch above, or go back and discover hosts.</source>
        <translation>没有计划：没有已发现的主机带有 RoCE 端口，也没有列出交换机。请在上方添加交换机，或返回去发现主机。</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>没有计划：%1</translation>
    </message>
    <message>
        <source>Profile &apos;%1&apos;: %2 host(s) and %3 switch(es).</source>
        <translation>配置方案“%1”：%2 台主机，%3 台交换机。</translation>
    </message>
    <message numerus="yes">
        <source>%n profile warning(s), repeated at the top of every file.</source>
        <translation>
            <numerusform>%n 个配置方案警告，在每个文件开头重复列出。</numerusform>
        </translation>
    </message>
    <message>
        <source>Left out: %1.</source>
        <translation>已略过：%1。</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy this target&apos;s plan to the clipboard.</source>
        <translation>将此目标的计划复制到剪贴板。</translation>
    </message>
    <message>
        <source>Plan for %1</source>
        <translation>%1 的计划</translation>
    </message>
    <message>
        <source>What will change, what already matches: %1 to change, %2 already so, %3 unknown (the host could not tell; see the note).</source>
        <translation>哪些会更改、哪些已经符合：%1 项将更改，%2 项已符合，%3 项未知（主机无法提供；见备注）。</translation>
    </message>
    <message>
        <source>Changes on %1</source>
        <translation>%1 上的更改</translation>
    </message>
    <message>
        <source>Copied the plan for %1.</source>
        <translation>已复制 %1 的计划。</translation>
    </message>
    <message>
        <source>Save all plan files to an empty folder</source>
        <translation>将所有计划文件保存到空文件夹</translation>
    </message>
    <message>
        <source>Saving to %1…</source>
        <translation>正在保存到 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个文件保存到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>未保存任何内容：%1</translation>
    </message>
    <message>
        <source>The plan for every discovered host and the switches you list: read each step, see what will change and what already matches, then copy or save the files. Nothing is applied on this page: the next one applies the plan.</source>
        <translation>每台已发现主机及您列出的交换机的计划：阅读每个步骤，查看哪些会更改、哪些已经符合，然后复制或保存文件。本页面不会应用任何内容：下一页才会应用计划。</translation>
    </message>
    <message>
        <source>The switches to generate a configuration for: name, vendor, management address and the ports facing hosts. F2 edits the current cell.</source>
        <translation>要为其生成配置的交换机：名称、厂商、管理地址以及面向主机的端口。F2 编辑当前单元格。</translation>
    </message>
    <message>
        <source>Adds a row to the switch table and starts editing its name.</source>
        <translation>在交换机表中添加一行，并开始编辑其名称。</translation>
    </message>
    <message>
        <source>Removes the selected switches.</source>
        <translation>移除所选交换机。</translation>
    </message>
    <message>
        <source>Save all to fol&amp;der…</source>
        <translation>全部保存到文件夹(&amp;D)…</translation>
    </message>
    <message>
        <source>Plan targets</source>
        <translation>计划目标</translation>
    </message>
    <message>
        <source>One tab per host and switch with its plan.</source>
        <translation>每台主机和交换机一个标签页，显示其计划。</translation>
    </message>
    <message>
        <source>One tab per host and switch; the arrow keys switch between them.</source>
        <translation>每台主机和交换机一个标签页；用方向键在它们之间切换。</translation>
    </message>
    <message>
        <source>Copy the plan for %1</source>
        <translation>复制 %1 的计划</translation>
    </message>
    <message>
        <source>Every step for %1 in order, with its check and its undo; read-only, select to copy.</source>
        <translation>%1 的每个步骤（按顺序），附带其检查与撤销操作；只读，选中即可复制。</translation>
    </message>
    <message>
        <source>Each setting the plan sets on %1: what the host has now, what the plan wants, and whether it will change, already matches or is unknown.</source>
        <translation>计划在 %1 上设置的每项设置：主机当前值、计划目标值，以及是否会更改、已符合或未知。</translation>
    </message>
</context>
<context>
    <name>rp::ui::SettingDiffModel</name>
    <message>
        <source>PFC priorities</source>
        <translation>PFC 优先级</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>信任</translation>
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
        <translation>VLAN 出口 PCP（所有优先级）</translation>
    </message>
    <message>
        <source>ETS (TC:bandwidth)</source>
        <translation>ETS（TC:带宽）</translation>
    </message>
    <message>
        <source>CNP priority</source>
        <translation>CNP 优先级</translation>
    </message>
    <message>
        <source>CNP DSCP</source>
        <translation>CNP DSCP</translation>
    </message>
    <message>
        <source>CNP traffic class</source>
        <translation>CNP 流量类</translation>
    </message>
    <message>
        <source>ECN marking</source>
        <translation>ECN 标记</translation>
    </message>
    <message>
        <source>PFC watchdog</source>
        <translation>PFC 看门狗</translation>
    </message>
    <message>
        <source>rdma_cm default RoCE mode</source>
        <translation>rdma_cm 默认 RoCE 模式</translation>
    </message>
    <message>
        <source>rdma_cm default ToS</source>
        <translation>rdma_cm 默认 ToS</translation>
    </message>
    <message>
        <source>DSCP %1 → traffic class</source>
        <translation>DSCP %1 → 流量类</translation>
    </message>
    <message>
        <source>PCP %1 → traffic class</source>
        <translation>PCP %1 → 流量类</translation>
    </message>
    <message>
        <source>DSCP %1 → priority</source>
        <translation>DSCP %1 → 优先级</translation>
    </message>
    <message>
        <source>Priority %1 → traffic class</source>
        <translation>优先级 %1 → 流量类</translation>
    </message>
    <message>
        <source>will change</source>
        <translation>将更改</translation>
    </message>
    <message>
        <source>already so</source>
        <translation>已符合</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>(whole host)</source>
        <translation>（整台主机）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前值</translation>
    </message>
    <message>
        <source>Wanted</source>
        <translation>目标值</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>rp::ui::SshConfigImport</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>rp::ui::StepModel</name>
    <message>
        <source>will run</source>
        <translation>将运行</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>running</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>already so</source>
        <translation>已符合</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>undo failed</source>
        <translation>撤销失败</translation>
    </message>
    <message>
        <source>(dead-man)</source>
        <translation>（失联保护）</translation>
    </message>
    <message>
        <source>(under a dead-man)</source>
        <translation>（在失联保护下）</translation>
    </message>
    <message>
        <source>the read-back already shows the wanted value</source>
        <translation>回读结果已显示目标值</translation>
    </message>
    <message>
        <source>undo: %1</source>
        <translation>撤销：%1</translation>
    </message>
    <message>
        <source>no exact undo: %1</source>
        <translation>无法精确撤销：%1</translation>
    </message>
    <message>
        <source>Before: %1
After: %2</source>
        <translation>之前：%1
之后：%2</translation>
    </message>
    <message>
        <source>shows %1</source>
        <translation>显示 %1</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason / message</source>
        <translation>原因 / 消息</translation>
    </message>
    <message>
        <source>Read back</source>
        <translation>回读</translation>
    </message>
</context>
<context>
    <name>rp::ui::SwitchModel</name>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Host ports</source>
        <translation>主机端口</translation>
    </message>
    <message>
        <source>Uplink ports</source>
        <translation>上行端口</translation>
    </message>
</context>
<context>
    <name>rp::ui::TestPage</name>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Measure latency and throughput between the hosts over RDMA (and TCP or perftest to compare), with both hosts&apos; counters on the same time axis. Every run is saved as it goes; export a PDF, CSV or JSON report for whoever needs it.</source>
        <translation>通过 RDMA（以及用于对比的 TCP 或 perftest）测量主机之间的延迟和吞吐量，两台主机的计数器显示在同一时间轴上。每次运行都会随时保存；可为需要的人导出 PDF、CSV 或 JSON 报告。</translation>
    </message>
</context>
<context>
    <name>rp::ui::Dashboard</name>
    <message>
        <source>One pair</source>
        <translation>一对</translation>
    </message>
    <message>
        <source>One to many (server against each other host)</source>
        <translation>一对多（服务器对其他每台主机）</translation>
    </message>
    <message>
        <source>All to all (every pair, no host in two tests at once)</source>
        <translation>全互连（每一对，任何主机不同时参与两个测试）</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Server</source>
        <translation>服务器(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Client</source>
        <translation>客户端(&amp;C)</translation>
    </message>
    <message>
        <source>RDMA (verbs)</source>
        <translation>RDMA（verbs）</translation>
    </message>
    <message>
        <source>TCP (baseline)</source>
        <translation>TCP（基准）</translation>
    </message>
    <message>
        <source>perftest (ib_*_lat / ib_*_bw)</source>
        <translation>perftest（ib_*_lat / ib_*_bw）</translation>
    </message>
    <message>
        <source>Tr&amp;ansport</source>
        <translation>传输(&amp;A)</translation>
    </message>
    <message>
        <source>ping (latency)</source>
        <translation>ping（延迟）</translation>
    </message>
    <message>
        <source>blast (throughput)</source>
        <translation>blast（吞吐量）</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>模式(&amp;M)</translation>
    </message>
    <message>
        <source>O&amp;peration</source>
        <translation>操作(&amp;P)</translation>
    </message>
    <message>
        <source>A size (64, 4K, 1M) or a sweep FROM:TO of powers of two (1:64K)</source>
        <translation>一个大小（64、4K、1M），或按 2 的幂扫描的范围 起:止（1:64K）</translation>
    </message>
    <message>
        <source>Si&amp;ze or sweep</source>
        <translation>大小或扫描(&amp;Z)</translation>
    </message>
    <message>
        <source> s per size</source>
        <translation> 秒/每种大小</translation>
    </message>
    <message>
        <source>&amp;Duration</source>
        <translation>时长(&amp;D)</translation>
    </message>
    <message>
        <source>busy-poll</source>
        <translation>忙轮询</translation>
    </message>
    <message>
        <source>events (sleep)</source>
        <translation>事件（休眠）</translation>
    </message>
    <message>
        <source>Complet&amp;ions</source>
        <translation>完成通知(&amp;I)</translation>
    </message>
    <message>
        <source>D&amp;epth (blast)</source>
        <translation>深度(&amp;E)（blast）</translation>
    </message>
    <message>
        <source>WRs per post</source>
        <translation>每次 post 的 WR 数</translation>
    </message>
    <message>
        <source>Signal every</source>
        <translation>信号间隔</translation>
    </message>
    <message>
        <source>send small messages inline</source>
        <translation>以 inline 方式发送小消息</translation>
    </message>
    <message>
        <source>from the address (rdma_cm)</source>
        <translation>根据地址（rdma_cm）</translation>
    </message>
    <message>
        <source>&amp;GID index</source>
        <translation>GID 索引(&amp;G)</translation>
    </message>
    <message>
        <source>device default</source>
        <translation>设备默认值</translation>
    </message>
    <message>
        <source>T&amp;oS</source>
        <translation>ToS(&amp;O)</translation>
    </message>
    <message>
        <source>e.g. before PFC</source>
        <translation>例如 PFC 之前</translation>
    </message>
    <message>
        <source>&amp;Label</source>
        <translation>标签(&amp;L)</translation>
    </message>
    <message>
        <source>S&amp;tart</source>
        <translation>开始(&amp;T)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <source>Runs of this session; check several to compare them in a report</source>
        <translation>本会话的运行记录；勾选多个即可在报告中进行比较</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Open r&amp;un…</source>
        <translation>打开运行记录(&amp;U)…</translation>
    </message>
    <message>
        <source>Compare &amp;with…</source>
        <translation>与其他运行记录比较(&amp;W)…</translation>
    </message>
    <message>
        <source>Draw another saved run over the charts (dashed), e.g. before/after a change</source>
        <translation>在图表上叠加绘制另一个已保存的运行记录（虚线），例如更改前/后</translation>
    </message>
    <message>
        <source>E&amp;xport report…</source>
        <translation>导出报告(&amp;X)…</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Live charts</source>
        <translation>实时图表</translation>
    </message>
    <message>
        <source>p50 one-way latency (µs)</source>
        <translation>p50 单向延迟（µs）</translation>
    </message>
    <message>
        <source>throughput (Gb/s)</source>
        <translation>吞吐量（Gb/s）</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Host × host</source>
        <translation>主机 × 主机</translation>
    </message>
    <message>
        <source>Compare with a saved run</source>
        <translation>与已保存的运行记录比较</translation>
    </message>
    <message>
        <source>RoCE Pilot runs (*.rprun);;All files (*)</source>
        <translation>RoCE Pilot 运行记录 (*.rprun);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>a sweep is FROM:TO, e.g. 1:64K</source>
        <translation>扫描格式为 起:止，例如 1:64K</translation>
    </message>
    <message>
        <source>the size is a number of bytes (64, 4K, 1M)</source>
        <translation>大小为字节数（64、4K、1M）</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Cannot start: the project has no hosts.</source>
        <translation>无法开始：项目中没有主机。</translation>
    </message>
    <message>
        <source>Cannot start: pick two different hosts (a host can only be in one test at once).</source>
        <translation>无法开始：请选择两台不同的主机（一台主机同一时间只能参与一个测试）。</translation>
    </message>
    <message>
        <source>Cannot start: one-to-many and all-to-all need two or more hosts.</source>
        <translation>无法开始：一对多和全互连需要两台或更多主机。</translation>
    </message>
    <message>
        <source>Cannot create the runs folder %1</source>
        <translation>无法创建运行记录文件夹 %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>counters: %1</source>
        <translation>计数器：%1</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped. What was measured is saved (%n run file(s)).</source>
        <translation>
            <numerusform>已停止。已测量的数据已保存（%n 个运行记录文件）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n run(s) saved in %1.</source>
        <translation>
            <numerusform>完成：%n 个运行记录已保存到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Compared with %1: %2</source>
        <translation>与 %1 比较：%2</translation>
    </message>
    <message>
        <source>choose a .pdf, .csv or .json file name</source>
        <translation>请选择 .pdf、.csv 或 .json 文件名</translation>
    </message>
    <message>
        <source>Open a saved run</source>
        <translation>打开已保存的运行记录</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>打开运行记录</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Run a test or open a saved run first.</source>
        <translation>请先运行测试或打开已保存的运行记录。</translation>
    </message>
    <message>
        <source>PDF report (*.pdf);;Summary CSV (*.csv);;JSON (*.json)</source>
        <translation>PDF 报告 (*.pdf);;摘要 CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Export the throughput, latency, CPU and counter charts</source>
        <translation>导出吞吐量、延迟、CPU 和计数器图表</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Charts written next to %1</source>
        <translation>图表已写入 %1 旁边</translation>
    </message>
    <message>
        <source>Pair shown in the live charts</source>
        <translation>实时图表中显示的主机对</translation>
    </message>
    <message>
        <source>One-to-many and all-to-all run several pairs at once: pick the one the live charts follow</source>
        <translation>一对多和全互连会同时运行多个主机对：请选择实时图表跟随的那一对</translation>
    </message>
    <message>
        <source>the running pair (first of each round)</source>
        <translation>正在运行的主机对（每轮的第一对）</translation>
    </message>
    <message>
        <source>Live charts of</source>
        <translation>实时图表对象</translation>
    </message>
    <message>
        <source>Heatmap metric</source>
        <translation>热图指标</translation>
    </message>
    <message>
        <source>p99 one-way latency (µs)</source>
        <translation>p99 单向延迟（µs）</translation>
    </message>
    <message>
        <source>error counter events (loss, timeouts, storms)</source>
        <translation>错误计数器事件（丢包、超时、风暴）</translation>
    </message>
    <message>
        <source>Host by host heatmap; click a cell to open that pair&apos;s run</source>
        <translation>主机 × 主机热图；点击单元格可打开该主机对的运行</translation>
    </message>
    <message>
        <source>Click a cell to open that pair&apos;s run in the live charts</source>
        <translation>点击单元格可在实时图表中打开该主机对的运行</translation>
    </message>
    <message>
        <source>Worst pairs</source>
        <translation>最差的主机对</translation>
    </message>
    <message>
        <source>The ten worst pairs of the metric; activate a row to open that pair&apos;s run</source>
        <translation>该指标下最差的十个主机对；激活某行可打开该主机对的运行</translation>
    </message>
    <message>
        <source>Pair (client → server)</source>
        <translation>主机对（客户端 → 服务器）</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>%1: its run opens here once the test has finished</source>
        <translation>%1：测试完成后，其运行将在此打开</translation>
    </message>
    <message>
        <source>%1 has no saved run</source>
        <translation>%1 没有已保存的运行记录</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Open this pair&apos;s run in the live charts</source>
        <translation>在实时图表中打开该主机对的运行</translation>
    </message>
    <message>
        <source>PDF, vector (*.pdf);;SVG, vector (*.svg);;PNG (*.png)</source>
        <translation>PDF，矢量 (*.pdf);;SVG，矢量 (*.svg);;PNG (*.png)</translation>
    </message>
</context>
<context>
    <name>rp::ui::TroubleshootPage</name>
    <message>
        <source>Troubleshoot</source>
        <translation>故障排查</translation>
    </message>
    <message>
        <source>Finds GID, RoCE version, VLAN, MTU, PFC, trust, DSCP and ToS mismatches between hosts that talk to each other, live or from outputs you paste. Each finding shows what was read where, what it means and the fix.</source>
        <translation>查找相互通信的主机之间在 GID、RoCE 版本、VLAN、MTU、PFC、信任、DSCP 和 ToS 上的不匹配，可实时检查，也可基于您粘贴的输出。每项发现都会显示在何处读取了什么、其含义以及修复方法。</translation>
    </message>
    <message>
        <source>&amp;Import outputs…</source>
        <translation>导入输出(&amp;I)…</translation>
    </message>
    <message>
        <source>Files with saved or pasted outputs (ibv_devinfo, show_gids, sysfs, ip, dcb, mlnx_qos, ethtool -S, perftest, …), several hosts per file</source>
        <translation>包含已保存或粘贴输出的文件（ibv_devinfo、show_gids、sysfs、ip、dcb、mlnx_qos、ethtool -S、perftest、…），每个文件可包含多台主机</translation>
    </message>
    <message>
        <source>&amp;Active checks (RDMA ping per GID index, test port)</source>
        <translation>主动检查(&amp;A)（按 GID 索引进行 RDMA ping，测试端口）</translation>
    </message>
    <message>
        <source>Runs rocepilot-probe between hosts that share a subnet: a few RDMA pings over each candidate GID index and a TCP connect to port 18515</source>
        <translation>在同一子网的主机之间运行 rocepilot-probe：通过每个候选 GID 索引发送几次 RDMA ping，并向端口 18515 发起 TCP 连接</translation>
    </message>
    <message>
        <source>&amp;Re-check</source>
        <translation>重新检查(&amp;R)</translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>取消(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Copy fix</source>
        <translation>复制修复方法(&amp;C)</translation>
    </message>
    <message>
        <source>Reachability matrix</source>
        <translation>可达性矩阵</translation>
    </message>
    <message>
        <source>Evidence and fix</source>
        <translation>证据与修复</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Reachability</source>
        <translation>可达性</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Import outputs</source>
        <translation>导入输出</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Add hosts on the Hosts page, or import outputs.</source>
        <translation>请在“主机和交换机”页面添加主机，或导入输出。</translation>
    </message>
    <message>
        <source>Import or paste outputs first.</source>
        <translation>请先导入或粘贴输出。</translation>
    </message>
    <message>
        <source>Reading the outputs…</source>
        <translation>正在读取输出…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n host(s)…</source>
        <translation>
            <numerusform>正在读取 %n 台主机…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: the findings cover what was read before.</source>
        <translation>已取消：发现项仅涵盖取消前已读取的内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) checked: </source>
        <translation>
            <numerusform>已检查 %n 台主机： </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s), </source>
        <translation>
            <numerusform>%n 个错误， </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation>
            <numerusform>%n 个警告。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be used; first: %1</source>
        <translation>
            <numerusform>%n 行无法使用；第一行：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Not measured. Tick “Active checks” and Re-check to ping between the hosts over each GID index.</source>
        <translation>未测量。勾选“主动检查”并点击“重新检查”，即可通过每个 GID 索引在主机之间 ping。</translation>
    </message>
    <message>
        <source>✓ works</source>
        <translation>✓ 正常</translation>
    </message>
    <message>
        <source>✗ fails</source>
        <translation>✗ 失败</translation>
    </message>
    <message>
        <source>Paste outputs here: show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, switch shows, … of one host or several, each under its prompt or name. Or drop files. The findings follow as you paste.</source>
        <translation>在此粘贴输出：show_gids、ibv_devinfo -v、ip addr、dcb、mlnx_qos、交换机 show 输出等，可来自一台或多台主机，每台位于其提示符或名称之下。也可以拖入文件。粘贴后即显示发现项。</translation>
    </message>
    <message>
        <source>Pasted outputs</source>
        <translation>粘贴的输出</translation>
    </message>
    <message>
        <source>&amp;Pasted outputs:</source>
        <translation>粘贴的输出(&amp;P)：</translation>
    </message>
    <message>
        <source>Paste the outputs of the hosts (and of their test runs) into the box, or import files: the findings follow as you paste.</source>
        <translation>将主机（及其测试运行）的输出粘贴到文本框中，或导入文件：粘贴后即显示发现项。</translation>
    </message>
    <message>
        <source>paste</source>
        <comment>the paste box&apos;s name in line references such as paste:12</comment>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Imported: %1 (&lt;a href=&quot;clear&quot;&gt;remove&lt;/a&gt;)</source>
        <translation>已导入：%1（&lt;a href=&quot;clear&quot;&gt;移除&lt;/a&gt;）</translation>
    </message>
    <message numerus="yes">
        <source>The pasted text is larger than %n MiB and was not read; import it as files in parts.</source>
        <translation>
            <numerusform>粘贴的文本超过 %n MiB，未被读取；请将其拆分为多个文件导入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing in the outputs could be read: paste them as the hosts printed them (show_gids, ibv_devinfo -v, ip addr, dcb, mlnx_qos, …), each under its prompt or name.</source>
        <translation>输出中没有可读取的内容：请按主机打印的原样粘贴（show_gids、ibv_devinfo -v、ip addr、dcb、mlnx_qos 等），每段位于其提示符或名称之下。</translation>
    </message>
</context>
<context>
    <name>rp::ui::WelcomePage</name>
    <message>
        <source>Welcome to RoCE Pilot</source>
        <translation>欢迎使用 RoCE Pilot</translation>
    </message>
    <message>
        <source>This wizard takes you through a first RDMA over Converged Ethernet (RoCE) deployment. What would you like to do?</source>
        <translation>本向导将引导您完成首次 RDMA over Converged Ethernet（RoCE）部署。您想做什么？</translation>
    </message>
    <message>
        <source>&amp;Troubleshoot an existing fabric</source>
        <translation>排查现有网络的故障(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Import outputs collected earlier</source>
        <translation>导入之前收集的输出(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <source>Load hosts and settings saved earlier (a RoCE Pilot project YAML file).</source>
        <translation>加载之前保存的主机和设置（RoCE Pilot 项目 YAML 文件）。</translation>
    </message>
    <message>
        <source>Next you list the hosts (and later the switches) that take part, check that RoCE Pilot can log in to each of them, and read which RDMA devices, ports and GIDs every host has. The configuration steps build on what is found.</source>
        <translation>接下来，您将列出参与的主机（以及之后的交换机），检查 RoCE Pilot 能否登录每台主机，并读取每台主机的 RDMA 设备、端口和 GID。后续配置步骤将以这些结果为基础。</translation>
    </message>
    <message>
        <source>Next you list the hosts of the fabric and read their RDMA devices, port states and GID tables. RoCE Pilot marks the GID each port should use and points out duplicate or inconsistent entries.</source>
        <translation>接下来，您将列出网络中的主机，并读取其 RDMA 设备、端口状态和 GID 表。RoCE Pilot 会标出每个端口应使用的 GID，并指出重复或不一致的条目。</translation>
    </message>
    <message>
        <source>Next you add a host for each recorded sysfs tree (Add host, &quot;Run on this computer&quot;, then choose the recorded tree). Discovery reads the recording exactly as it would read a live host.</source>
        <translation>接下来，为每个录制的 sysfs 目录树添加一台主机（“添加主机”，勾选“在本机运行”，然后选择录制的目录树）。发现过程读取录制数据的方式与读取实时主机完全相同。</translation>
    </message>
    <message>
        <source>Or continue with a project you saved before:</source>
        <translation>或者继续之前保存的项目：</translation>
    </message>
    <message>
        <source>Plan a ne&amp;w deployment</source>
        <translation>规划新部署(&amp;W)</translation>
    </message>
    <message>
        <source>Try it on the built-in Soft-RoCE &amp;lab</source>
        <translation>在内置 Soft-RoCE 实验环境中试用(&amp;L)</translation>
    </message>
    <message>
        <source>No RDMA hardware needed: RoCE Pilot boots two small virtual machines (lab-a and lab-b, under qemu) whose Soft-RoCE devices talk RoCE to each other, adds them as hosts and discovers them.</source>
        <translation>无需 RDMA 硬件：RoCE Pilot 会启动两台小型虚拟机（lab-a 和 lab-b，运行于 qemu），它们的 Soft-RoCE 设备相互通过 RoCE 通信；随后将它们添加为主机并进行探测。</translation>
    </message>
    <message>
        <source>Chec&amp;k and watch a running fabric</source>
        <translation>检查并监视运行中的网络(&amp;K)</translation>
    </message>
    <message>
        <source>Next you list the hosts of a fabric that is already set up and read their GIDs; then RoCE Pilot probes every host pair over every GID, once or live until you stop it, names the NIC, link or switch that fails with its fix, and exports the report. Nothing on the hosts is changed.</source>
        <translation>接下来列出已部署网络的主机并读取其 GID；然后 RoCE Pilot 通过每个 GID 探测每个主机对（一次，或实时直到您停止），指出出故障的网卡、链路或交换机及其修复方法，并导出报告。主机上的任何内容都不会被更改。</translation>
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
        <translation>完成(&amp;N)</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>the Review page has no plan (see its status).</source>
        <translation>“审阅”页面没有计划（请查看其状态）。</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Returns to the previous page; nothing is undone.</source>
        <translation>返回上一页；不撤销任何操作。</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Goes on to the next page once this one is complete; Enter presses it.</source>
        <translation>本页完成后进入下一页；按 Enter 即可触发。</translation>
    </message>
    <message>
        <source>Closes RoCE Pilot, asking to save changes first.</source>
        <translation>关闭 RoCE Pilot，并先询问是否保存更改。</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricFindingModel</name>
    <message>
        <source>host NIC</source>
        <translation>主机网卡</translation>
    </message>
    <message>
        <source>host agent</source>
        <translation>主机代理</translation>
    </message>
    <message>
        <source>host configuration</source>
        <translation>主机配置</translation>
    </message>
    <message>
        <source>access link</source>
        <translation>接入链路</translation>
    </message>
    <message>
        <source>ToR switch</source>
        <translation>ToR 交换机</translation>
    </message>
    <message>
        <source>uplink</source>
        <translation>上行链路</translation>
    </message>
    <message>
        <source>busy host</source>
        <translation>繁忙主机</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt;, confidence %3 %</source>
        <translation>%1 &lt;b&gt;%2&lt;/b&gt;，置信度 %3 %</translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <translation>%1 %2（%3 %）</translation>
    </message>
    <message>
        <source>Or:</source>
        <translation>或：</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Because of:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Fix on %1</source>
        <translation>在 %1 上修复</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricMatrixModel</name>
    <message>
        <source>(no ToR)</source>
        <translation>（无 ToR）</translation>
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
        <translation>本轮未探测（跨 ToR 仅抽样部分对端）</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s)</source>
        <translation>
            <numerusform>%n 个单元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed against expectation</source>
        <translation>
            <numerusform>%n 个意外失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fail by design</source>
        <translation>
            <numerusform>%n 个按设计失败</numerusform>
        </translation>
    </message>
    <message>
        <source>worst: %1</source>
        <translation>最严重：%1</translation>
    </message>
    <message>
        <source>loss %1 %, RTT p99 %2 µs</source>
        <translation>丢包 %1 %，RTT p99 %2 µs</translation>
    </message>
    <message>
        <source>every cell answers, but more than %1 % of the probes are lost</source>
        <translation>每个单元都有应答，但丢失了超过 %1 % 的探测</translation>
    </message>
    <message>
        <source>%1 probes (row)</source>
        <translation>%1 发起探测（行）</translation>
    </message>
    <message>
        <source>%1 answers (column)</source>
        <translation>%1 应答（列）</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>RoCE version</source>
        <translation>RoCE 版本</translation>
    </message>
    <message>
        <source>other subnet</source>
        <translation>其他子网</translation>
    </message>
    <message>
        <source>link-local</source>
        <translation>链路本地</translation>
    </message>
    <message>
        <source>empty slot</source>
        <translation>空槽位</translation>
    </message>
    <message>
        <source>port blocked</source>
        <translation>端口被阻止</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>agent down</source>
        <translation>代理已停止</translation>
    </message>
    <message>
        <source>host busy</source>
        <translation>主机繁忙</translation>
    </message>
    <message>
        <source>Expected: a RoCE v1 GID cannot reach a v2 one (v1 is not routable and v2 peers ignore it).</source>
        <translation>预期：RoCE v1 GID 无法到达 v2 GID（v1 不可路由，v2 对端会忽略它）。</translation>
    </message>
    <message>
        <source>Expected: the GIDs sit in different subnets or VLANs and the fabric is not routed between them.</source>
        <translation>预期：这些 GID 位于不同的子网或 VLAN，网络在它们之间不做路由。</translation>
    </message>
    <message>
        <source>Expected: a link-local GID is not reachable from a routed (RoCE v2) GID.</source>
        <translation>预期：链路本地 GID 无法从可路由的（RoCE v2）GID 到达。</translation>
    </message>
    <message>
        <source>Expected: the GID slot is empty; nothing can answer there.</source>
        <translation>预期：该 GID 槽位为空，无法应答。</translation>
    </message>
    <message>
        <source>Expected by the plan: %1.</source>
        <translation>按计划预期：%1。</translation>
    </message>
</context>
<context>
    <name>rp::ui::FabricPage</name>
    <message>
        <source>Check the fabric</source>
        <translation>检查网络</translation>
    </message>
    <message>
        <source>Before testing: probe every host pair over the network the hosts will use, and every GID over RDMA, then name the element that fails (NIC, link, ToR, uplink) with its evidence and fix.</source>
        <translation>测试之前：通过主机将使用的网络探测每一对主机，并通过 RDMA 探测每个 GID，然后指出出错的元素（网卡、链路、ToR、上行链路）及其证据和修复方法。</translation>
    </message>
    <message>
        <source>&amp;Check the fabric</source>
        <translation>检查网络(&amp;C)</translation>
    </message>
    <message>
        <source>Starts a probe agent on every discovered host, probes every pair for a few seconds, stops the agents and shows the verdict.</source>
        <translation>在每台已发现的主机上启动探测代理，对每一对主机探测几秒钟，停止代理并显示结论。</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Stops the check; every agent is stopped before it returns.</source>
        <translation>停止检查；返回前会停止每个代理。</translation>
    </message>
    <message>
        <source>Probe every GID over &amp;RDMA</source>
        <translation>通过 RDMA 探测每个 GID(&amp;R)</translation>
    </message>
    <message>
        <source>Besides UDP, probes each (source GID, destination GID) cell over RDMA UD; without it every result is a UDP one.</source>
        <translation>除 UDP 外，还通过 RDMA UD 探测每个（源 GID，目的 GID）单元；不选时所有结果均为 UDP 结果。</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>显示(&amp;W)：</translation>
    </message>
    <message>
        <source>Loss %</source>
        <translation>丢包 %</translation>
    </message>
    <message>
        <source>RTT p99</source>
        <translation>RTT p99</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>What the matrix cells show: packet loss or the 99th percentile RTT.</source>
        <translation>矩阵单元显示的内容：丢包率或 RTT 第 99 百分位。</translation>
    </message>
    <message>
        <source>Not checked yet: press Check the fabric.</source>
        <translation>尚未检查：请点击“检查网络”。</translation>
    </message>
    <message>
        <source>Hosts: rows probe, columns answer</source>
        <translation>主机：行发起探测，列应答</translation>
    </message>
    <message>
        <source>Host matrix</source>
        <translation>主机矩阵</translation>
    </message>
    <message>
        <source>One cell per directed host pair: green worked (darker is worse), orange lost more than 5 %, red failed, grey fails by design. Click a cell or use the arrow keys to see its GID matrix below.</source>
        <translation>每个有向主机对一个单元：绿色正常（越深越差），橙色丢包超过 5 %，红色失败，灰色按设计失败。点击单元或使用方向键，在下方查看其 GID 矩阵。</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>What the check found, one element each; select one to see its evidence and fix and to mark it in the matrix.</source>
        <translation>检查发现的问题，每项对应一个元素；选择一项可查看其证据和修复方法，并在矩阵中标出。</translation>
    </message>
    <message>
        <source>Select a finding to see its evidence and fix.</source>
        <translation>选择一项发现以查看其证据和修复方法。</translation>
    </message>
    <message>
        <source>Finding detail</source>
        <translation>发现详情</translation>
    </message>
    <message>
        <source>The selected finding&apos;s evidence, explanation and fix.</source>
        <translation>所选发现的证据、解释和修复方法。</translation>
    </message>
    <message>
        <source>GIDs: click a cell of the matrix to see its pair&apos;s GID x GID cells.</source>
        <translation>GID：点击矩阵中的单元，查看该主机对的 GID x GID 单元。</translation>
    </message>
    <message>
        <source>GID matrix</source>
        <translation>GID 矩阵</translation>
    </message>
    <message>
        <source>The selected pair&apos;s cells, source GIDs in rows and destination GIDs in columns, each with its reason; hover a cell for why it fails.</source>
        <translation>所选主机对的单元，行为源 GID，列为目的 GID，每个单元附原因；将鼠标悬停在单元上可查看失败原因。</translation>
    </message>
    <message>
        <source>Stopping the agents…</source>
        <translation>正在停止代理…</translation>
    </message>
    <message>
        <source>Not checked: no discovered host. Discover the hosts first (the Discover page).</source>
        <translation>未检查：没有已发现的主机。请先发现主机（“发现”页面）。</translation>
    </message>
    <message numerus="yes">
        <source>Checking %n host(s)…</source>
        <translation>
            <numerusform>正在检查 %n 台主机…</numerusform>
        </translation>
    </message>
    <message>
        <source>Watch &amp;live</source>
        <translation>实时监视(&amp;L)</translation>
    </message>
    <message>
        <source>Keeps an agent on every discovered host and checks the fabric round after round, updating the matrix and the findings as faults are raised and cleared, until Stop; Stop stops every agent.</source>
        <translation>在每台已发现的主机上保留一个代理，一轮接一轮地检查网络，随故障出现和消失更新矩阵与发现，直到停止；停止会结束所有代理。</translation>
    </message>
    <message numerus="yes">
        <source>Watching %n host(s): starting the agents…</source>
        <translation>
            <numerusform>正在监视 %n 台主机：正在启动代理…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Watching: round %1, %2 raised and %3 cleared since the start; %4 of %n agent(s) up</source>
        <translation>
            <numerusform>监视中：第 %1 轮，自开始以来出现 %2 个、消除 %3 个；%n 个代理中 %4 个在线</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Watch stopped after %n round(s); every agent was stopped.</source>
        <translation>
            <numerusform>监视在 %n 轮后停止；所有代理均已停止。</numerusform>
        </translation>
    </message>
    <message>
        <source>agents up %1 of %2, cells probed %3 of %4</source>
        <translation>代理已启动 %1/%2，已探测单元 %3/%4</translation>
    </message>
    <message numerus="yes">
        <source>%n agent(s) down</source>
        <translation>
            <numerusform>%n 个代理已停止</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fabric ready: %n host(s), %1 cells, no fault</source>
        <translation>
            <numerusform>网络就绪：%n 台主机，%1 个单元，无故障</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n note(s) below)</source>
        <translation>
            <numerusform>（下方有 %n 条提示）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not ready: %n finding(s)</source>
        <translation>
            <numerusform>未就绪：%n 项发现</numerusform>
        </translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
    <message>
        <source>Stopped; every agent was stopped.</source>
        <translation>已停止；所有代理均已停止。</translation>
    </message>
    <message numerus="yes">
        <source>ToR switches (%n hosts, more than a host matrix can show): rows probe, columns answer</source>
        <translation>
            <numerusform>ToR 交换机（%n 台主机，超出主机矩阵可显示的数量）：行发起探测，列应答</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → %2 is a ToR pair: its hosts&apos; GID matrices are in the round&apos;s JSON (rocepilot-cli fabric check --json).</source>
        <translation>%1 → %2 是一个 ToR 对：其主机的 GID 矩阵见本轮的 JSON（rocepilot-cli fabric check --json）。</translation>
    </message>
    <message>
        <source>GIDs %1 → %2: rows are %1&apos;s endpoints, columns %2&apos;s; ~ fails by design</source>
        <translation>GID %1 → %2：行为 %1 的端点，列为 %2 的端点；~ 表示按设计失败</translation>
    </message>
    <message>
        <source>%1 → %2 is a ToR pair: pick a host pair for its timeline (the fabric report has every pair).</source>
        <translation>%1 → %2 是 ToR 对：请选择一个主机对查看其时间线（网络报告包含每一对）。</translation>
    </message>
    <message>
        <source>&amp;GID matrix</source>
        <translation>GID 矩阵(&amp;G)</translation>
    </message>
    <message>
        <source>Cells as CSV (*.csv)</source>
        <translation>单元格 CSV (*.csv)</translation>
    </message>
    <message>
        <source>E&amp;xport report…</source>
        <translation>导出报告(&amp;X)…</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Export the fabric report</source>
        <translation>导出网络报告</translation>
    </message>
    <message>
        <source>Findings as CSV (*.csv)</source>
        <translation>发现 CSV (*.csv)</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <source>Report as JSON (*.json)</source>
        <translation>JSON 报告 (*.json)</translation>
    </message>
    <message>
        <source>Report written: %1</source>
        <translation>报告已写入：%1</translation>
    </message>
    <message>
        <source>Selected pair</source>
        <translation>所选主机对</translation>
    </message>
    <message>
        <source>T&amp;imeline</source>
        <translation>时间线(&amp;I)</translation>
    </message>
    <message>
        <source>The run file %1 is incomplete: %2</source>
        <translation>运行文件 %1 不完整：%2</translation>
    </message>
    <message>
        <source>The selected pair&apos;s GID x GID cells, or its timeline over the run.</source>
        <translation>所选主机对的 GID x GID 单元格，或其在整个运行中的时间线。</translation>
    </message>
    <message>
        <source>This run is not saved: %1</source>
        <translation>本次运行未保存：%1</translation>
    </message>
    <message>
        <source>This run is not saved: cannot create %1</source>
        <translation>本次运行未保存：无法创建 %1</translation>
    </message>
    <message>
        <source>Writes the last check&apos;s or watch&apos;s report: a PDF (verdict, matrix, findings with their fixes, GID matrices, what was probed), the cells or the findings as CSV, or JSON.</source>
        <translation>写出上一次检查或监视的报告：PDF（结论、矩阵、发现及其修复、GID 矩阵、探测内容）、单元格或发现的 CSV，或 JSON。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>打开运行记录(&amp;O)…</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Fabric runs (*.rpfabric);;All files (*)</source>
        <translation>Fabric 运行记录 (*.rpfabric);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open a saved fabric run</source>
        <translation>打开已保存的 Fabric 运行记录</translation>
    </message>
    <message>
        <source>Opens a saved check or watch (a .rpfabric file: this page saves each run, rocepilot-cli fabric watch --save writes one) to step back through its rounds and export its report.</source>
        <translation>打开已保存的检查或监视（.rpfabric 文件：本页会保存每次运行，rocepilot-cli fabric watch --save 也会写出一个），以便逐轮回看并导出其报告。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Stopped reading %1; the page shows what it showed before.</source>
        <translation>已停止读取 %1；页面仍显示之前的内容。</translation>
    </message>
    <message>
        <source>Read &amp;Prometheus…</source>
        <translation>读取 Prometheus(&amp;P)…</translation>
    </message>
    <message>
        <source>Shows a fleet whose hosts run the fabric agent as a service from the Prometheus that scrapes them, read again every few seconds and judged as a check is, until Stop; nothing connects to the hosts.</source>
        <translation>从抓取这些主机的 Prometheus 显示一组以服务方式运行 fabric 代理的主机：每隔几秒重新读取一次，并像检查一样评判，直到停止；不连接任何主机。</translation>
    </message>
    <message>
        <source>A read failed, trying again: %1</source>
        <translation>一次读取失败，将重试：%1</translation>
    </message>
    <message>
        <source>Reading Prometheus at %1…</source>
        <translation>正在读取位于 %1 的 Prometheus…</translation>
    </message>
    <message>
        <source>Stopped before the first read of Prometheus ended.</source>
        <translation>在第一次读取 Prometheus 结束前已停止。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped reading Prometheus at %1 after %n read(s).</source>
        <translation>
            <numerusform>已在 %n 次读取后停止读取位于 %1 的 Prometheus。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read %1 from Prometheus: %2 raised and %3 cleared since the start; %4 of %n agent(s) up</source>
        <translation>
            <numerusform>第 %1 次读取 Prometheus：自开始以来报告 %2 项、清除 %3 项；%n 个代理中 %4 个在线</numerusform>
        </translation>
    </message>
    <message>
        <source>(the agents&apos; last phases, from Prometheus at %1)</source>
        <translation>（各代理的最近一个阶段，来自位于 %1 的 Prometheus）</translation>
    </message>
    <message>
        <source>Stopping the reads…</source>
        <translation>正在停止读取…</translation>
    </message>
    <message>
        <source>In round %1 %2&apos;s GIDs changed (%3): it was discovered again and every agent restarted on the new pinglist.</source>
        <translation>第 %1 轮中 %2 的 GID 发生变化（%3）：已重新发现该主机，并以新的 pinglist 重启了所有代理。</translation>
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
        <translation>（空）</translation>
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
        <translation>不在本轮的探测列表中</translation>
    </message>
    <message>
        <source>%1 of %2 probes answered</source>
        <translation>%2 个探测中 %1 个有应答</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>RTT p50 %1 µs, p99 %2 µs</source>
        <translation>RTT p50 %1 µs，p99 %2 µs</translation>
    </message>
    <message>
        <source>prober delay %1 µs, responder delay %2 µs</source>
        <translation>探测端延迟 %1 µs，应答端延迟 %2 µs</translation>
    </message>
</context>
<context>
    <name>rp::ui::PairTimeline</name>
    <message>
        <source>%1 → %2 was not probed in this run (no cell between them was expected to work).</source>
        <translation>本次运行未探测 %1 → %2（它们之间没有预期可用的单元格）。</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n step(s) since %3, worst loss %4 %</source>
        <translation>
            <numerusform>%1 → %2：自 %3 起 %n 步，最高丢包 %4 %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(older steps fold up to %n rounds each, to keep the whole run)</source>
        <translation>
            <numerusform>（较早的步长每步最多合并 %n 轮，以保留整个运行）</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a cell of the matrix to see its pair over the run.</source>
        <translation>点击矩阵中的单元格，查看该主机对在整个运行中的情况。</translation>
    </message>
    <message>
        <source>Pair timeline</source>
        <translation>主机对时间线</translation>
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
        <translation>已清除：%1</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>丢包</translation>
    </message>
    <message>
        <source>loss %</source>
        <translation>丢包 %</translation>
    </message>
    <message>
        <source>prober delay</source>
        <translation>探测端延迟</translation>
    </message>
    <message>
        <source>responder delay</source>
        <translation>响应端延迟</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>The selected pair over the run: RTT p50 and p99, the prober&apos;s and the responder&apos;s delay in microseconds, loss in percent on the right axis, and a line where a finding was raised or cleared. Below, on the same time axis, both hosts&apos; pause frames, retransmissions, discards and CNPs per second.</source>
        <translation>所选主机对在整个运行中的情况：RTT p50 和 p99、探测方和应答方的延迟（微秒）、右轴上的丢包率（百分比），以及发现问题被报告或清除时的标线。下方在同一时间轴上显示两台主机每秒的暂停帧、重传、丢弃和 CNP。</translation>
    </message>
    <message>
        <source>No host counters: the agents of %1 and %2 read no pause, retransmission, discard or CNP counter (a NIC without RoCE counters, a veth, or a run saved before host counters were kept).</source>
        <translation>没有主机计数器：%1 和 %2 的代理未读到任何暂停、重传、丢弃或 CNP 计数器（网卡没有 RoCE 计数器、veth，或在记录主机计数器之前保存的运行）。</translation>
    </message>
    <message>
        <source>per s</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>pause rx</source>
        <translation>收到暂停</translation>
    </message>
    <message>
        <source>pause tx</source>
        <translation>发出暂停</translation>
    </message>
    <message>
        <source>retransmits</source>
        <translation>重传</translation>
    </message>
    <message>
        <source>discards</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>CNPs sent</source>
        <translation>已发送 CNP</translation>
    </message>
    <message>
        <source>CNPs handled</source>
        <translation>已处理 CNP</translation>
    </message>
    <message>
        <source>Host counters below: %1 solid, %2 dashed.</source>
        <translation>下方为主机计数器：%1 为实线，%2 为虚线。</translation>
    </message>
    <message>
        <source>%1 (none)</source>
        <translation>%1（无）</translation>
    </message>
</context>
<context>
    <name>rp::ui::SavedRunBar</name>
    <message>
        <source>%1 has no round with cells to show.</source>
        <translation>%1 中没有可显示单元格的轮次。</translation>
    </message>
    <message>
        <source>Clos&amp;e run</source>
        <translation>关闭运行记录(&amp;E)</translation>
    </message>
    <message>
        <source>Puts the saved run away; Check and Watch start a new one.</source>
        <translation>收起已保存的运行记录；“检查”和“监视”会开始新的运行。</translation>
    </message>
    <message>
        <source>Round %1 (%2 of %3)</source>
        <translation>第 %1 轮（第 %2 个，共 %3 个）</translation>
    </message>
    <message>
        <source>Round of the saved run</source>
        <translation>已保存运行记录的轮次</translation>
    </message>
    <message>
        <source>Saved run %1: %2 started %3</source>
        <translation>已保存的运行记录 %1：%2，开始于 %3</translation>
    </message>
    <message>
        <source>Steps through the saved run&apos;s rounds: the matrix, the findings and the selected pair&apos;s GID matrix show that round; arrow keys step one round, Page Up and Page Down ten.</source>
        <translation>逐轮浏览已保存的运行记录：矩阵、发现以及所选主机对的 GID 矩阵显示该轮；方向键每次移动一轮，Page Up 和 Page Down 每次十轮。</translation>
    </message>
    <message numerus="yes">
        <source>a check of %n host(s)</source>
        <translation>
            <numerusform>对 %n 台主机的检查</numerusform>
        </translation>
    </message>
    <message>
        <source>a minute of rounds folded into one</source>
        <translation>一分钟内的轮次已合并为一个</translation>
    </message>
    <message numerus="yes">
        <source>a watch of %n host(s)</source>
        <translation>
            <numerusform>对 %n 台主机的监视</numerusform>
        </translation>
    </message>
    <message>
        <source>cut short (no end line: the controller stopped mid-run)</source>
        <translation>提前中断（没有结束行：控制端在运行中途停止）</translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation>结束状态：%1</translation>
    </message>
</context>
<context>
    <name>rp::ui::PrometheusDialog</name>
    <message>
        <source>Read a fleet from Prometheus</source>
        <translation>从 Prometheus 读取主机群</translation>
    </message>
    <message>
        <source>Hosts that run the fabric agent as a service (rocepilot-agent@HOST) are scraped by your Prometheus. This page reads their series from it and judges them as a check does; nothing connects to the hosts.</source>
        <translation>以服务方式运行 fabric 代理（rocepilot-agent@HOST）的主机由您的 Prometheus 抓取。本页从中读取它们的时间序列并像检查一样评判；不连接任何主机。</translation>
    </message>
    <message>
        <source>Prometheus URL</source>
        <translation>Prometheus URL</translation>
    </message>
    <message>
        <source>Where Prometheus answers: http://HOST:PORT, with its route prefix if it has one. Plain http only: reach an https server through an SSH tunnel.</source>
        <translation>Prometheus 的应答地址：http://HOST:PORT，如有路由前缀则一并填写。仅支持 http：https 服务器请通过 SSH 隧道访问。</translation>
    </message>
    <message>
        <source>Label matchers</source>
        <translation>标签匹配器</translation>
    </message>
    <message>
        <source>Which of the Prometheus&apos; agents are this fabric, as in a PromQL selector; empty: every agent.</source>
        <translation>该 Prometheus 中哪些代理属于此 fabric，写法同 PromQL 选择器；留空：所有代理。</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <source>The switch every ToR&apos;s uplink reaches, as given to fabric pinglist; empty: ToRs linked directly.</source>
        <translation>每个 ToR 上联所到达的交换机，与 fabric pinglist 所给相同；留空：ToR 之间直连。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Read every</source>
        <translation>读取间隔</translation>
    </message>
    <message>
        <source>Seconds between two reads of Prometheus.</source>
        <translation>两次读取 Prometheus 之间的秒数。</translation>
    </message>
    <message>
        <source>Prometheus &amp;URL:</source>
        <translation>Prometheus URL(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Matchers:</source>
        <translation>匹配器(&amp;M)：</translation>
    </message>
    <message>
        <source>S&amp;pine:</source>
        <translation>Spine(&amp;P)：</translation>
    </message>
    <message>
        <source>Read &amp;every:</source>
        <translation>读取间隔(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Read</source>
        <translation>读取(&amp;R)</translation>
    </message>
    <message>
        <source>Matchers: %1</source>
        <translation>匹配器：%1</translation>
    </message>
    <message>
        <source>Spine: letters, digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos; only</source>
        <translation>Spine：只能包含字母、数字、&apos;-&apos;、&apos;_&apos;、&apos;.&apos;</translation>
    </message>
</context>
</TS>
