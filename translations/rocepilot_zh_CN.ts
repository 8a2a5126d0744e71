<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
</context>
<context>
    <name>rp::ui::SshConfigImport</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
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
</context>
</TS>
