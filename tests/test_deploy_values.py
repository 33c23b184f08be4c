"""deploy/kubernetes/values.yaml uses only keys the Zero to JupyterHub chart documents, and says
what deploy/README.md promises: the repo2docker image of binder/, the gallery, culling, sizes."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
VALUES_FILE = REPO / "deploy" / "kubernetes" / "values.yaml"
GALLERY = "/voila/render/apps/index.ipynb"
REPO_DIR = "/srv/minegames"  # where the repo2docker build puts the repository (--target-repo-dir)

# Every key path of the chart's configuration reference: the `properties` (and imagePullSecret's
# `then.properties`) of jupyterhub/values.schema.yaml in jupyterhub/zero-to-jupyterhub-k8s at tag
# 4.4.0 (chart 4.4.0, JupyterHub 5.5.0), the schema the reference at
# https://z2jh.jupyter.org/en/stable/resources/reference.html is made from.
DOCUMENTED = frozenset("""
    enabled
    fullnameOverride
    nameOverride
    imagePullSecret imagePullSecret.create imagePullSecret.automaticReferenceInjection
    imagePullSecret.registry imagePullSecret.username imagePullSecret.password imagePullSecret.email
    imagePullSecrets
    hub hub.revisionHistoryLimit hub.config hub.config.JupyterHub
    hub.config.JupyterHub.subdomain_host hub.extraFiles hub.baseUrl hub.command hub.args
    hub.cookieSecret hub.image hub.image.name hub.image.tag hub.image.pullPolicy
    hub.image.pullSecrets hub.networkPolicy hub.networkPolicy.enabled hub.networkPolicy.ingress
    hub.networkPolicy.egress hub.networkPolicy.egressAllowRules
    hub.networkPolicy.egressAllowRules.cloudMetadataServer
    hub.networkPolicy.egressAllowRules.dnsPortsCloudMetadataServer
    hub.networkPolicy.egressAllowRules.dnsPortsKubeSystemNamespace
    hub.networkPolicy.egressAllowRules.dnsPortsPrivateIPs
    hub.networkPolicy.egressAllowRules.nonPrivateIPs hub.networkPolicy.egressAllowRules.privateIPs
    hub.networkPolicy.interNamespaceAccessLabels hub.networkPolicy.allowedIngressPorts hub.db
    hub.db.type hub.db.pvc hub.db.pvc.annotations hub.db.pvc.selector hub.db.pvc.storage
    hub.db.pvc.accessModes hub.db.pvc.storageClassName hub.db.pvc.subPath hub.db.upgrade hub.db.url
    hub.db.password hub.labels hub.initContainers hub.extraEnv hub.extraConfig hub.fsGid hub.service
    hub.service.type hub.service.ports hub.service.ports.appProtocol hub.service.ports.nodePort
    hub.service.annotations hub.service.extraPorts hub.service.loadBalancerIP
    hub.service.ipFamilyPolicy hub.service.ipFamilies hub.pdb hub.pdb.enabled hub.pdb.maxUnavailable
    hub.pdb.minAvailable hub.existingSecret hub.nodeSelector hub.tolerations hub.activeServerLimit
    hub.allowNamedServers hub.annotations hub.authenticatePrometheus hub.concurrentSpawnLimit
    hub.consecutiveFailureLimit hub.podSecurityContext hub.containerSecurityContext
    hub.deploymentStrategy hub.deploymentStrategy.rollingUpdate hub.deploymentStrategy.type
    hub.extraContainers hub.extraVolumeMounts hub.extraVolumes hub.livenessProbe hub.readinessProbe
    hub.namedServerLimitPerUser hub.redirectToServer hub.resources hub.lifecycle
    hub.lifecycle.postStart hub.lifecycle.preStop hub.services hub.services.name hub.services.admin
    hub.services.command hub.services.url hub.services.api_token hub.services.apiToken hub.loadRoles
    hub.shutdownOnLogout hub.templatePaths hub.templateVars hub.serviceAccount
    hub.serviceAccount.create hub.serviceAccount.name hub.serviceAccount.annotations
    hub.extraPodSpec
    proxy proxy.chp proxy.chp.revisionHistoryLimit proxy.chp.networkPolicy
    proxy.chp.networkPolicy.enabled proxy.chp.networkPolicy.ingress proxy.chp.networkPolicy.egress
    proxy.chp.networkPolicy.egressAllowRules
    proxy.chp.networkPolicy.egressAllowRules.cloudMetadataServer
    proxy.chp.networkPolicy.egressAllowRules.dnsPortsCloudMetadataServer
    proxy.chp.networkPolicy.egressAllowRules.dnsPortsKubeSystemNamespace
    proxy.chp.networkPolicy.egressAllowRules.dnsPortsPrivateIPs
    proxy.chp.networkPolicy.egressAllowRules.nonPrivateIPs
    proxy.chp.networkPolicy.egressAllowRules.privateIPs
    proxy.chp.networkPolicy.interNamespaceAccessLabels proxy.chp.networkPolicy.allowedIngressPorts
    proxy.chp.extraCommandLineFlags proxy.chp.extraEnv proxy.chp.pdb proxy.chp.pdb.enabled
    proxy.chp.pdb.maxUnavailable proxy.chp.pdb.minAvailable proxy.chp.nodeSelector
    proxy.chp.tolerations proxy.chp.containerSecurityContext proxy.chp.image proxy.chp.image.name
    proxy.chp.image.tag proxy.chp.image.pullPolicy proxy.chp.image.pullSecrets
    proxy.chp.livenessProbe proxy.chp.readinessProbe proxy.chp.resources proxy.chp.defaultTarget
    proxy.chp.errorTarget proxy.chp.extraPodSpec proxy.secretToken proxy.service proxy.service.type
    proxy.service.labels proxy.service.annotations proxy.service.nodePorts
    proxy.service.nodePorts.http proxy.service.nodePorts.https proxy.service.disableHttpPort
    proxy.service.extraPorts proxy.service.externalIPs proxy.service.loadBalancerIP
    proxy.service.loadBalancerSourceRanges proxy.service.ipFamilyPolicy proxy.service.ipFamilies
    proxy.https proxy.https.enabled proxy.https.type proxy.https.letsencrypt
    proxy.https.letsencrypt.contactEmail proxy.https.letsencrypt.acmeServer proxy.https.manual
    proxy.https.manual.key proxy.https.manual.cert proxy.https.secret proxy.https.secret.name
    proxy.https.secret.key proxy.https.secret.crt proxy.https.hosts proxy.traefik
    proxy.traefik.revisionHistoryLimit proxy.traefik.labels proxy.traefik.networkPolicy
    proxy.traefik.networkPolicy.enabled proxy.traefik.networkPolicy.ingress
    proxy.traefik.networkPolicy.egress proxy.traefik.networkPolicy.egressAllowRules
    proxy.traefik.networkPolicy.egressAllowRules.cloudMetadataServer
    proxy.traefik.networkPolicy.egressAllowRules.dnsPortsCloudMetadataServer
    proxy.traefik.networkPolicy.egressAllowRules.dnsPortsKubeSystemNamespace
    proxy.traefik.networkPolicy.egressAllowRules.dnsPortsPrivateIPs
    proxy.traefik.networkPolicy.egressAllowRules.nonPrivateIPs
    proxy.traefik.networkPolicy.egressAllowRules.privateIPs
    proxy.traefik.networkPolicy.interNamespaceAccessLabels
    proxy.traefik.networkPolicy.allowedIngressPorts proxy.traefik.extraInitContainers
    proxy.traefik.extraEnv proxy.traefik.pdb proxy.traefik.pdb.enabled
    proxy.traefik.pdb.maxUnavailable proxy.traefik.pdb.minAvailable proxy.traefik.nodeSelector
    proxy.traefik.tolerations proxy.traefik.containerSecurityContext
    proxy.traefik.extraDynamicConfig proxy.traefik.extraPorts proxy.traefik.extraStaticConfig
    proxy.traefik.extraVolumes proxy.traefik.extraVolumeMounts proxy.traefik.hsts
    proxy.traefik.hsts.includeSubdomains proxy.traefik.hsts.maxAge proxy.traefik.hsts.preload
    proxy.traefik.image proxy.traefik.image.name proxy.traefik.image.tag
    proxy.traefik.image.pullPolicy proxy.traefik.image.pullSecrets proxy.traefik.resources
    proxy.traefik.serviceAccount proxy.traefik.serviceAccount.create
    proxy.traefik.serviceAccount.name proxy.traefik.serviceAccount.annotations
    proxy.traefik.extraPodSpec proxy.labels proxy.annotations proxy.deploymentStrategy
    proxy.deploymentStrategy.rollingUpdate proxy.deploymentStrategy.type proxy.secretSync
    proxy.secretSync.containerSecurityContext proxy.secretSync.image proxy.secretSync.image.name
    proxy.secretSync.image.tag proxy.secretSync.image.pullPolicy proxy.secretSync.image.pullSecrets
    proxy.secretSync.resources
    singleuser singleuser.networkPolicy singleuser.networkPolicy.enabled
    singleuser.networkPolicy.ingress singleuser.networkPolicy.egress
    singleuser.networkPolicy.egressAllowRules
    singleuser.networkPolicy.egressAllowRules.cloudMetadataServer
    singleuser.networkPolicy.egressAllowRules.dnsPortsCloudMetadataServer
    singleuser.networkPolicy.egressAllowRules.dnsPortsKubeSystemNamespace
    singleuser.networkPolicy.egressAllowRules.dnsPortsPrivateIPs
    singleuser.networkPolicy.egressAllowRules.nonPrivateIPs
    singleuser.networkPolicy.egressAllowRules.privateIPs
    singleuser.networkPolicy.interNamespaceAccessLabels singleuser.networkPolicy.allowedIngressPorts
    singleuser.podNameTemplate singleuser.cpu singleuser.cpu.limit singleuser.cpu.guarantee
    singleuser.memory singleuser.memory.limit singleuser.memory.guarantee singleuser.image
    singleuser.image.name singleuser.image.tag singleuser.image.pullPolicy
    singleuser.image.pullSecrets singleuser.initContainers singleuser.profileList
    singleuser.extraFiles singleuser.extraEnv singleuser.nodeSelector singleuser.extraTolerations
    singleuser.extraNodeAffinity singleuser.extraNodeAffinity.required
    singleuser.extraNodeAffinity.preferred singleuser.extraPodAffinity
    singleuser.extraPodAffinity.required singleuser.extraPodAffinity.preferred
    singleuser.extraPodAntiAffinity singleuser.extraPodAntiAffinity.required
    singleuser.extraPodAntiAffinity.preferred singleuser.cloudMetadata
    singleuser.cloudMetadata.blockWithIptables singleuser.cloudMetadata.ip singleuser.cmd
    singleuser.defaultUrl singleuser.events singleuser.extraAnnotations singleuser.extraContainers
    singleuser.extraLabels singleuser.extraPodConfig singleuser.extraResource
    singleuser.extraResource.guarantees singleuser.extraResource.limits singleuser.fsGid
    singleuser.lifecycleHooks singleuser.lifecycleHooks.postStart singleuser.lifecycleHooks.preStop
    singleuser.networkTools singleuser.networkTools.image singleuser.networkTools.image.name
    singleuser.networkTools.image.tag singleuser.networkTools.image.pullPolicy
    singleuser.networkTools.image.pullSecrets singleuser.networkTools.resources
    singleuser.serviceAccountName singleuser.startTimeout singleuser.storage
    singleuser.storage.capacity singleuser.storage.dynamic
    singleuser.storage.dynamic.pvcNameTemplate singleuser.storage.dynamic.storageAccessModes
    singleuser.storage.dynamic.storageClass singleuser.storage.dynamic.subPath
    singleuser.storage.dynamic.volumeNameTemplate singleuser.storage.extraLabels
    singleuser.storage.extraVolumeMounts singleuser.storage.extraVolumes
    singleuser.storage.homeMountPath singleuser.storage.static singleuser.storage.static.pvcName
    singleuser.storage.static.subPath singleuser.storage.type singleuser.allowPrivilegeEscalation
    singleuser.uid
    scheduling scheduling.userScheduler scheduling.userScheduler.enabled
    scheduling.userScheduler.revisionHistoryLimit scheduling.userScheduler.replicas
    scheduling.userScheduler.image scheduling.userScheduler.image.name
    scheduling.userScheduler.image.tag scheduling.userScheduler.image.pullPolicy
    scheduling.userScheduler.image.pullSecrets scheduling.userScheduler.pdb
    scheduling.userScheduler.pdb.enabled scheduling.userScheduler.pdb.maxUnavailable
    scheduling.userScheduler.pdb.minAvailable scheduling.userScheduler.nodeSelector
    scheduling.userScheduler.tolerations scheduling.userScheduler.labels
    scheduling.userScheduler.annotations scheduling.userScheduler.containerSecurityContext
    scheduling.userScheduler.logLevel scheduling.userScheduler.plugins
    scheduling.userScheduler.pluginConfig scheduling.userScheduler.resources
    scheduling.userScheduler.serviceAccount scheduling.userScheduler.serviceAccount.create
    scheduling.userScheduler.serviceAccount.name scheduling.userScheduler.serviceAccount.annotations
    scheduling.userScheduler.extraPodSpec scheduling.podPriority scheduling.podPriority.enabled
    scheduling.podPriority.globalDefault scheduling.podPriority.defaultPriority
    scheduling.podPriority.imagePullerPriority scheduling.podPriority.userPlaceholderPriority
    scheduling.userPlaceholder scheduling.userPlaceholder.enabled scheduling.userPlaceholder.image
    scheduling.userPlaceholder.image.name scheduling.userPlaceholder.image.tag
    scheduling.userPlaceholder.image.pullPolicy scheduling.userPlaceholder.image.pullSecrets
    scheduling.userPlaceholder.revisionHistoryLimit scheduling.userPlaceholder.replicas
    scheduling.userPlaceholder.labels scheduling.userPlaceholder.annotations
    scheduling.userPlaceholder.resources scheduling.userPlaceholder.containerSecurityContext
    scheduling.userPlaceholder.extraPodSpec scheduling.corePods scheduling.corePods.tolerations
    scheduling.corePods.nodeAffinity scheduling.corePods.nodeAffinity.matchNodePurpose
    scheduling.userPods scheduling.userPods.tolerations scheduling.userPods.nodeAffinity
    scheduling.userPods.nodeAffinity.matchNodePurpose
    ingress ingress.enabled ingress.annotations ingress.ingressClassName ingress.hosts
    ingress.pathSuffix ingress.pathType ingress.tls ingress.extraPaths
    httpRoute httpRoute.enabled httpRoute.annotations httpRoute.hostnames httpRoute.gateway
    httpRoute.gateway.name httpRoute.gateway.namespace httpRoute.gateway.sectionName
    prePuller prePuller.revisionHistoryLimit prePuller.labels prePuller.annotations
    prePuller.resources prePuller.extraTolerations prePuller.hook prePuller.hook.enabled
    prePuller.hook.pullOnlyOnChanges prePuller.hook.podSchedulingWaitDuration
    prePuller.hook.nodeSelector prePuller.hook.tolerations prePuller.hook.containerSecurityContext
    prePuller.hook.image prePuller.hook.image.name prePuller.hook.image.tag
    prePuller.hook.image.pullPolicy prePuller.hook.image.pullSecrets prePuller.hook.resources
    prePuller.hook.serviceAccount prePuller.hook.serviceAccount.create
    prePuller.hook.serviceAccount.name prePuller.hook.serviceAccount.annotations
    prePuller.hook.serviceAccountImagePuller prePuller.hook.serviceAccountImagePuller.create
    prePuller.hook.serviceAccountImagePuller.name
    prePuller.hook.serviceAccountImagePuller.annotations prePuller.hook.daemonsetAnnotations
    prePuller.continuous prePuller.continuous.enabled prePuller.continuous.serviceAccount
    prePuller.continuous.serviceAccount.create prePuller.continuous.serviceAccount.name
    prePuller.continuous.serviceAccount.annotations prePuller.continuous.daemonsetAnnotations
    prePuller.pullProfileListImages prePuller.extraImages prePuller.containerSecurityContext
    prePuller.pause prePuller.pause.containerSecurityContext prePuller.pause.image
    prePuller.pause.image.name prePuller.pause.image.tag prePuller.pause.image.pullPolicy
    prePuller.pause.image.pullSecrets
    custom
    cull cull.enabled cull.users cull.adminUsers cull.removeNamedServers cull.timeout cull.every
    cull.concurrency cull.maxAge
    debug debug.enabled
    rbac rbac.enabled rbac.create
    global global.safeToShowValues
""".split())

# The mappings of that schema whose own keys are free (additionalProperties or patternProperties:
# environment variables, labels, pod specs, traitlets classes): any key under them is accepted.
# hub.config's keys must be class names (the schema's pattern "^[A-Z]").
FREE_FORM = frozenset("""
    hub.config hub.config.JupyterHub hub.extraFiles hub.db.pvc.annotations hub.db.pvc.selector
    hub.labels hub.extraEnv hub.extraConfig hub.service.annotations hub.nodeSelector hub.annotations
    hub.podSecurityContext hub.containerSecurityContext hub.livenessProbe hub.readinessProbe
    hub.resources hub.lifecycle.postStart hub.lifecycle.preStop hub.services hub.loadRoles
    hub.templateVars hub.serviceAccount.annotations hub.extraPodSpec
    proxy.chp.extraEnv proxy.chp.nodeSelector proxy.chp.containerSecurityContext
    proxy.chp.livenessProbe proxy.chp.readinessProbe proxy.chp.resources proxy.chp.extraPodSpec
    proxy.service.labels proxy.service.annotations proxy.traefik.labels proxy.traefik.extraEnv
    proxy.traefik.nodeSelector proxy.traefik.containerSecurityContext
    proxy.traefik.extraDynamicConfig proxy.traefik.extraStaticConfig proxy.traefik.resources
    proxy.traefik.serviceAccount.annotations proxy.traefik.extraPodSpec proxy.labels
    proxy.annotations proxy.secretSync.containerSecurityContext proxy.secretSync.resources
    singleuser.extraFiles singleuser.extraEnv singleuser.nodeSelector singleuser.extraAnnotations
    singleuser.extraLabels singleuser.extraPodConfig singleuser.extraResource.guarantees
    singleuser.extraResource.limits singleuser.lifecycleHooks.postStart
    singleuser.lifecycleHooks.preStop singleuser.networkTools.resources
    singleuser.storage.extraLabels singleuser.storage.extraVolumeMounts
    singleuser.storage.extraVolumes
    scheduling.userScheduler.nodeSelector scheduling.userScheduler.labels
    scheduling.userScheduler.annotations scheduling.userScheduler.containerSecurityContext
    scheduling.userScheduler.plugins scheduling.userScheduler.resources
    scheduling.userScheduler.serviceAccount.annotations scheduling.userScheduler.extraPodSpec
    scheduling.userPlaceholder.labels scheduling.userPlaceholder.annotations
    scheduling.userPlaceholder.resources scheduling.userPlaceholder.containerSecurityContext
    scheduling.userPlaceholder.extraPodSpec
    ingress.annotations
    httpRoute.annotations
    prePuller.labels prePuller.annotations prePuller.resources prePuller.hook.nodeSelector
    prePuller.hook.containerSecurityContext prePuller.hook.resources
    prePuller.hook.serviceAccount.annotations prePuller.hook.serviceAccountImagePuller.annotations
    prePuller.hook.daemonsetAnnotations prePuller.continuous.serviceAccount.annotations
    prePuller.continuous.daemonsetAnnotations prePuller.extraImages
    prePuller.containerSecurityContext prePuller.pause.containerSecurityContext
    custom
    global
""".split())


def values() -> dict:
    return yaml.safe_load(VALUES_FILE.read_text())


CLASS_SECTIONS = "hub.config"  # its keys are class names; anything goes below them


def key_paths(mapping: dict, prefix: tuple[str, ...] = ()):
    """Every key path of a values mapping, not descending below a free-form mapping (but into
    hub.config, one level: its class names are checked)."""
    for key, value in mapping.items():
        path = (*prefix, str(key))
        yield path
        dotted, parent = ".".join(path), ".".join(prefix)
        free_below = (dotted in FREE_FORM and dotted != CLASS_SECTIONS) or parent == CLASS_SECTIONS
        if isinstance(value, dict) and not free_below:
            yield from key_paths(value, path)


def undocumented(mapping: dict) -> list[str]:
    """The key paths the chart does not document (a misspelt key, a key of another chart)."""
    wrong = []
    for path in key_paths(mapping):
        dotted, parent = ".".join(path), ".".join(path[:-1])
        if parent == CLASS_SECTIONS:
            if not re.match(r"[A-Z]", path[-1]):
                wrong.append(dotted)
        elif dotted not in DOCUMENTED and parent not in FREE_FORM:
            wrong.append(dotted)
    return wrong


def byte_size(value) -> int:
    """A memory size as JupyterHub reads it (ByteSpecification: bytes, or K, M, G, T in 1024s)."""
    if isinstance(value, int):
        return value
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMGT])", str(value))
    assert match, f"{value!r}: KubeSpawner takes an int or a number ending in K, M, G or T"
    return int(float(match[1]) * 1024 ** ("KMGT".index(match[2]) + 1))


def test_every_key_is_in_the_chart_s_reference():
    assert undocumented(values()) == []


def test_a_misspelt_or_foreign_key_is_caught():
    planted = copy.deepcopy(values())
    planted["singleuser"]["defaultURL"] = GALLERY
    planted["cull"]["timout"] = 900
    planted["scheduling"]["userPlaceholder"]["replica"] = 30
    planted["hub"]["config"]["spawner"] = {"notebook_dir": "/home/jovyan"}
    planted["hub"]["db"]["pvc"] = {"size": "1Gi"}
    planted["singleuser"]["extraEnv"]["ANY_NAME"] = "free-form: accepted"
    planted["hub"]["config"]["KubeSpawner"] = {"any_trait": "free-form: accepted"}
    assert sorted(undocumented(planted)) == ["cull.timout", "hub.config.spawner", "hub.db.pvc.size",
                                             "scheduling.userPlaceholder.replica", "singleuser.defaultURL"]


def test_the_lists_hold_together():
    assert FREE_FORM <= DOCUMENTED  # a free-form mapping is itself a documented key
    assert {"singleuser.defaultUrl", "singleuser.memory.limit", "cull.timeout",
            "scheduling.userPlaceholder.replicas", "prePuller.continuous.enabled"} <= DOCUMENTED
    assert len(DOCUMENTED) == 454 and len(FREE_FORM) == 90


def test_the_image_is_the_repo2docker_build_of_binder():
    single = values()["singleuser"]
    assert single["image"]["name"].endswith("/minegames")
    assert single["image"]["tag"] not in ("", "latest")
    command = " ".join(line.strip(" #") for line in VALUES_FILE.read_text().splitlines()
                       if line.lstrip().startswith("#"))
    for flag in ("jupyter-repo2docker --no-run --push", "--user-id 1000 --user-name jovyan",
                 f"--target-repo-dir {REPO_DIR}", "--image-name ghcr.io/OWNER/minegames:"):
        assert flag in command
    # the chart runs pupils as uid 1000, the user the image is built for
    assert single.get("uid", 1000) == 1000
    # the serving settings: the folder `make hub` uses, which loads binder/voila.py
    config_dir = single["extraEnv"]["JUPYTER_CONFIG_PATH"]
    assert config_dir.startswith(REPO_DIR + "/")
    server_config = REPO / config_dir.removeprefix(REPO_DIR + "/") / "jupyter_server_config.py"
    assert '"binder", "voila.py"' in server_config.read_text()


def test_pupils_land_on_the_gallery_in_their_own_copy():
    single = values()["singleuser"]
    assert single["defaultUrl"] == GALLERY
    home = single["storage"]["homeMountPath"]
    assert single["storage"]["type"] == "dynamic"
    assert values()["hub"]["config"]["Spawner"]["notebook_dir"] == home
    hook = " ".join(single["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert f"cp -r {REPO_DIR}/notebooks/. {home}/" in hook
    assert (REPO / "notebooks" / GALLERY.removeprefix("/voila/render/")).is_file()


def test_visitors_need_no_account():
    config = values()["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "tmp"
    assert config["Authenticator"]["allow_all"] is True  # JupyterHub 5 admits nobody otherwise


def test_idle_servers_are_culled_as_on_the_one_server_hub():
    cull = values()["cull"]
    assert cull["enabled"] is True
    assert (cull["timeout"], cull["every"]) == (900, 60)


def test_sizes_are_consistent_and_point_at_the_measurements():
    single = values()["singleuser"]
    assert byte_size(single["memory"]["guarantee"]) <= byte_size(single["memory"]["limit"])
    assert 0 < single["cpu"]["guarantee"] <= single["cpu"]["limit"]
    assert VALUES_FILE.read_text().count("# measured: see deploy/README.md") == 4
    assert "## Measured capacity" in (REPO / "deploy" / "README.md").read_text()


def test_nodes_are_ready_before_a_class_arrives():
    scheduling, pre_puller = values()["scheduling"], values()["prePuller"]
    assert scheduling["userScheduler"]["enabled"] is True
    # placeholders are evicted for real pupils only with pod priority
    assert scheduling["podPriority"]["enabled"] is True
    assert scheduling["userPlaceholder"]["enabled"] is True
    assert scheduling["userPlaceholder"]["replicas"] >= 1
    assert pre_puller["hook"]["enabled"] is True and pre_puller["continuous"]["enabled"] is True
