<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>&amp;Verify</source>
        <translation>验证(&amp;V)</translation>
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
    <name>rp::ui::DashboardView</name>
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
        <source>choose a .png or .pdf file name</source>
        <translation>请选择 .png 或 .pdf 文件名</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
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
        <source>The lab files were not found. Reinstall RoCE Pilot (they ship in share/rocepilot/lab) or set RP_LAB_SCRIPT to tests/lab/softroce/lab.sh of a source tree, then start RoCE Pilot again.</source>
        <translation>未找到实验环境文件。请重新安装 RoCE Pilot（这些文件位于 share/rocepilot/lab），或将 RP_LAB_SCRIPT 设置为源码树中的 tests/lab/softroce/lab.sh，然后重新启动 RoCE Pilot。</translation>
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
        <source>Save all to &amp;folder…</source>
        <translation>全部保存到文件夹(&amp;F)…</translation>
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
    <name>rp::ui::TestPanel</name>
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
        <source>&amp;Transport</source>
        <translation>传输(&amp;T)</translation>
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
        <source>&amp;Operation</source>
        <translation>操作(&amp;O)</translation>
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
        <source>Com&amp;pletions</source>
        <translation>完成通知(&amp;P)</translation>
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
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
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
        <source>&amp;Open run…</source>
        <translation>打开运行记录(&amp;O)…</translation>
    </message>
    <message>
        <source>Co&amp;mpare with…</source>
        <translation>与其他运行记录比较(&amp;M)…</translation>
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
        <source>Export &amp;chart…</source>
        <translation>导出图表(&amp;C)…</translation>
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
        <source>p50 µs</source>
        <translation>p50 µs</translation>
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
        <source>PDF, vector (*.pdf);;PNG (*.png)</source>
        <translation>PDF，矢量 (*.pdf);;PNG (*.png)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Charts written next to %1</source>
        <translation>图表已写入 %1 旁边</translation>
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
        <source>&amp;Paste text…</source>
        <translation>粘贴文本(&amp;P)…</translation>
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
        <source>Finding</source>
        <translation>发现项</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现项</translation>
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
        <source>Import files or paste text with the outputs of the hosts (and their test runs), then Re-check.</source>
        <translation>导入文件或粘贴包含主机输出（及其测试运行）的文本，然后点击“重新检查”。</translation>
    </message>
    <message>
        <source>Outputs: %1</source>
        <translation>输出：%1</translation>
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
        <source>Paste outputs</source>
        <translation>粘贴输出</translation>
    </message>
    <message>
        <source>Paste the outputs (several hosts may follow each other, each under its name or prompt):</source>
        <translation>粘贴输出（可依次包含多台主机，每台位于其名称或提示符之下）：</translation>
    </message>
    <message>
        <source>paste %1</source>
        <translation>粘贴 %1</translation>
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
</context>
</TS>
